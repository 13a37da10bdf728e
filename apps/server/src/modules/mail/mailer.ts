import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { composeMail } from './compose.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';
import { createOutboxRepository, enqueueMail, type EnqueueOptions } from './outbox.repository.js';
import { createOutboxWorker } from './outbox-worker.js';
import type { MailEvent } from './topics.js';

export interface MailerOptions {
  config: Config;
  db: Db;
  log: {
    info: (obj: object, msg: string) => void;
    warn: (obj: object, msg: string) => void;
  };
  /** Another transport than SMTP_URL's (tests). */
  transport?: MailTransport;
  /** Worker timings (tests make them short). */
  worker?: { everyMs?: number; leaseMs?: number; retryBaseMs?: number; maxAttempts?: number };
}

/**
 * The shop's mail: the outbox it is written to, the transport that sends it (SMTP, or kept
 * and printed with no SMTP_URL) and the worker that delivers it (ADR 017).
 */
export function createMailer({ config, db, log, transport, worker }: MailerOptions) {
  const repo = createOutboxRepository(db);
  const out =
    transport ??
    createMailTransport({
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      messageIdDomain: new URL(config.publicOrigin).hostname,
      printLinks: config.mail.printLinks,
    });
  const deliverer = createOutboxWorker({
    repo,
    transport: out,
    compose: composeMail,
    shop: { name: 'Toolyard', origin: config.publicOrigin },
    log,
    // A reminder is for an order still unpaid when it goes out.
    stillWanted: async ({ event }) => {
      if (event.topic !== 'order.expiring') return null;
      const status = await repo.orderStatus(event.data.orderId);
      return status === 'pending' ? null : 'Not sent: the order is no longer unpaid.';
    },
    ...worker,
  });
  return {
    /** Writes a message to the outbox on its own (account messages; events in a transaction use enqueueMail). */
    enqueue: (event: MailEvent, options?: EnqueueOptions) => enqueueMail(db, event, options),
    repo,
    /** The database the outbox is in (tests read it). */
    db,
    worker: deliverer,
    transport: out,
  };
}

export type Mailer = ReturnType<typeof createMailer>;
