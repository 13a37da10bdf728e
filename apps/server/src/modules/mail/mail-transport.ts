import nodemailer from 'nodemailer';
import type { ComposedMail, MailTopic } from './topics.js';

/** A composed message on its way out; `id` is the outbox row's, and the Message-ID's. */
export interface OutgoingMail extends ComposedMail {
  id: string;
  to: string;
  topic: MailTopic;
}

/**
 * The messages whose links a person must follow to go on (confirm an address, set a new
 * password): with no SMTP they are printed. Order and contact mail is only kept: printing a
 * line per order would slow a busy instance (a pipe's writes block on Linux).
 */
const PRINTED_TOPICS: ReadonlySet<MailTopic> = new Set(['account.verify', 'account.reset']);

export interface MailTransport {
  /** 'smtp' sends; 'kept' only keeps (the outbox page shows it) and may print its links. */
  readonly kind: 'smtp' | 'kept';
  /** Resolves once the receiving server accepted the message; rejects when it did not. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface TransportOptions {
  /** SMTP_URL: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://host:465. */
  smtpUrl: string | undefined;
  /** MAIL_FROM. */
  from: string;
  /** The domain of the Message-ID: PUBLIC_ORIGIN's host. */
  messageIdDomain: string;
  /** With no SMTP: print each message's links (this machine only; they hold tokens). */
  printLinks: boolean;
  print?: (line: string) => void;
}

/**
 * Nodemailer over SMTP, or with no SMTP_URL a transport that keeps the message (the outbox
 * holds it) and prints the links a person needs to follow, so every flow works with
 * `npm start` alone. Every wait on the SMTP server is bounded: a stuck server fails the
 * attempt (retried later), never the worker.
 */
export function createMailTransport(options: TransportOptions): MailTransport {
  const messageId = (id: string) => `<${id}@${options.messageIdDomain}>`;
  if (!options.smtpUrl) {
    const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
    return {
      kind: 'kept',
      async send(mail) {
        if (!options.printLinks || !PRINTED_TOPICS.has(mail.topic)) return;
        // The links to follow (confirm, reset, pay), not the footer's link to the home page.
        const found = mail.text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
        // A link that ends a sentence keeps its full stop out.
        const links = [...new Set(found.map((link) => link.replace(/[.,;:!?]+$/, '')))].filter(
          (link) => URL.canParse(link) && new URL(link).pathname !== '/',
        );
        print(
          [
            `Mail to ${mail.to}: ${mail.subject} (kept, no SMTP_URL)`,
            ...links.map((l) => `  ${l}`),
          ].join('\n'),
        );
      },
      close() {},
    };
  }
  const transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: messageId(mail.id),
      });
    },
    close: () => transporter.close(),
  };
}
