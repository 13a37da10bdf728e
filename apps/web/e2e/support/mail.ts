import { expect, test, type APIRequestContext } from '@playwright/test';
import { mailURL } from '../../../../playwright.config';

/** A message the SMTP stand-in received (support/smtp-stand-in.ts). */
export interface ReceivedMail {
  /** The envelope's recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  /** The text part, as the shop composed it. */
  text: string;
  html: string;
  messageId: string;
  receivedAt: string;
}

/** Every message the stand-in has received for `to`, oldest first. */
export async function mailTo(request: APIRequestContext, to: string): Promise<ReceivedMail[]> {
  const response = await request.get(`${mailURL}/messages?to=${encodeURIComponent(to)}`);
  expect(response.ok(), `GET /messages from the SMTP stand-in: ${response.status()}`).toBe(true);
  return (await response.json()) as ReceivedMail[];
}

const matches = (subject: string, wanted: string | RegExp) =>
  typeof wanted === 'string' ? subject.includes(wanted) : wanted.test(subject);

/**
 * Waits until the shop's mail worker (every second) has sent a message to `to` whose subject
 * contains `subject` (or matches it), and returns the newest such message. Fails saying what
 * did arrive for `to` when none has after `timeout` ms.
 */
export function waitForMail(
  request: APIRequestContext,
  { to, subject, timeout = 20_000 }: { to: string; subject: string | RegExp; timeout?: number },
): Promise<ReceivedMail> {
  return test.step(`wait for the mail "${String(subject)}" to ${to}`, async () => {
    const deadline = Date.now() + timeout;
    for (;;) {
      const all = await mailTo(request, to);
      const found = all.findLast((m) => matches(m.subject, subject));
      if (found) return found;
      if (Date.now() > deadline) {
        const got = all.map((m) => `"${m.subject}"`).join(', ') || 'nothing';
        throw new Error(
          `No mail to ${to} with the subject ${String(subject)} reached the SMTP stand-in in ${timeout} ms; it received ${got} for that address.`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });
}

/**
 * The first web address in the mail's text part that contains `pattern` (or matches it); a
 * full stop or bracket after an address ends the sentence, not the address.
 */
export function linkIn(mail: ReceivedMail, pattern: string | RegExp): string {
  const links = (mail.text.match(/https?:\/\/[^\s<>"'()[\]]+/g) ?? []).map((link) =>
    link.replace(/[.,;:!?]+$/, ''),
  );
  const link = links.find((l) =>
    typeof pattern === 'string' ? l.includes(pattern) : pattern.test(l),
  );
  if (!link) {
    throw new Error(
      `No link matching ${String(pattern)} in "${mail.subject}"; its links: ${links.join(', ') || 'none'}`,
    );
  }
  return link;
}
