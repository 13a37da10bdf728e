import { simpleParser, type AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.js';

/** A message the stand-in accepted, as its reader would see it. */
export interface ReceivedMail {
  /** The Message-ID header, with its angle brackets: `<outbox row id@localhost>`. */
  messageId: string;
  /** The To header's address, lower case (the outbox writes one recipient per message). */
  to: string;
  /** Who the SMTP envelope delivered it to (RCPT TO), lower case. */
  rcptTo: string[];
  /** The From header's address, lower case (its display name is the shop's). */
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpStandIn {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  readonly url: string;
  /** Every message accepted since the last clear(), in order of arrival. */
  readonly received: readonly ReceivedMail[];
  /**
   * While set, DATA is answered with this temporary failure (451 by default), as a provider
   * that refuses for a while would; nothing is kept.
   */
  refuseWith: { code: number; message: string } | null;
  /** How long each message's DATA waits before it is answered, as a slow provider's does; 0 by default. */
  delayMs: number;
  /** Resolves to the received messages once `predicate` holds for them; rejects after `timeoutMs`. */
  waitFor(
    predicate: (received: readonly ReceivedMail[]) => boolean,
    timeoutMs?: number,
  ): Promise<readonly ReceivedMail[]>;
  clear(): void;
  /** Down: the port refuses connections until start(). */
  stop(): Promise<void>;
  /** Up again on the same port. */
  start(): Promise<void>;
}

/**
 * A real SMTP server in the test process (no TLS, any or no AUTH) that parses every message it
 * accepts, so a test asserts on what would reach a mailbox rather than on the outbox table.
 */
export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;

  const createServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // Nothing here needs the client's host name: no reverse DNS lookup per connection.
      disableReverseLookup: true,
      logger: false,
      // stop() must not wait 30 s for a client still connected.
      closeTimeout: 100,
      onData(stream, session, callback) {
        void simpleParser(stream).then(
          async (mail) => {
            if (standIn.delayMs > 0) await new Promise((r) => setTimeout(r, standIn.delayMs));
            if (standIn.refuseWith) {
              const { code, message } = standIn.refuseWith;
              return callback(Object.assign(new Error(message), { responseCode: code }));
            }
            received.push({
              messageId: mail.messageId ?? '',
              to: addressesOf(mail.to)[0] ?? '',
              rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: addressesOf(mail.from)[0] ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
            callback();
          },
          (err: Error) => callback(err),
        );
      },
    });

  const standIn: SmtpStandIn = {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseWith: null,
    delayMs: 0,
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) {
          throw new Error(
            `the SMTP stand-in did not receive what was expected within ${timeoutMs} ms; it has ` +
              JSON.stringify(received.map((m) => `${m.to}: ${m.subject}`)),
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    clear() {
      received.length = 0;
    },
    async stop() {
      const running = server;
      server = undefined;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    async start() {
      if (server) return;
      const next = createServer();
      await new Promise<void>((resolve, reject) => {
        next.once('error', reject);
        next.listen(port, '127.0.0.1', () => {
          next.off('error', reject);
          // A client that hangs up mid-session is its own business, not the test's.
          next.on('error', () => {});
          resolve();
        });
      });
      server = next;
    },
  };
  await standIn.start();
  return standIn;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []]
    .flat()
    .flatMap((group) => group.value)
    .map((a) => (a.address ?? '').toLowerCase());
}
