import { summarizeError } from '../../db/outage.js';
import { createRecurringJob } from '../../recurring-job.js';
import type { MailTransport } from './mail-transport.js';
import type { ClaimedMessage, OutboxRepository } from './outbox.repository.js';
import type { ComposedMail, MailEvent, ShopFacts } from './topics.js';

export interface OutboxWorkerOptions {
  repo: OutboxRepository;
  transport: MailTransport;
  compose: (event: MailEvent, shop: ShopFacts) => Promise<ComposedMail>;
  shop: ShopFacts;
  log: {
    info: (obj: object, msg: string) => void;
    warn: (obj: object, msg: string) => void;
  };
  /**
   * Whether a claimed message is still to be sent (a reminder for an order paid since is not);
   * the reason when it is not.
   */
  stillWanted?: (message: ClaimedMessage) => Promise<string | null>;
  /** Between looks for due messages. */
  everyMs?: number;
  /** How long a claimed message is this worker's: past it, another worker may send it. */
  leaseMs?: number;
  /**
   * Messages claimed and sent per run (so per `everyMs`): composing one takes a few
   * milliseconds of CPU, and this keeps mail from taking the CPU that answers requests when
   * orders come faster than that (a backlog waits, in order, for the next runs).
   */
  batchSize?: number;
  /** Attempts before a message is given up (kept, marked failed, shown on the outbox page). */
  maxAttempts?: number;
  /** First retry delay; each later one doubles, up to an hour. */
  retryBaseMs?: number;
  /** How long a message done with (sent, skipped, given up) is kept; checked once an hour. */
  keepMs?: number;
}

/**
 * Delivers the outbox (ADR 017). Every instance runs one; a message is claimed by one worker
 * at a time (FOR UPDATE SKIP LOCKED and a lease), sent with its row id as Message-ID, then
 * marked sent. A failed send is tried again with backoff; a worker killed between send and
 * mark leaves the lease to run out, and the message is sent again once, with the same
 * Message-ID: at least once across a crash, exactly once otherwise.
 */
export function createOutboxWorker({
  repo,
  transport,
  compose,
  shop,
  log,
  stillWanted,
  everyMs = 1000,
  leaseMs = 60_000,
  batchSize = 20,
  maxAttempts = 20,
  retryBaseMs = 10_000,
  keepMs = 30 * 24 * 60 * 60 * 1000,
}: OutboxWorkerOptions) {
  let prunedAt = 0;
  async function deliver(message: ClaimedMessage): Promise<void> {
    const skip = await stillWanted?.(message);
    if (skip) {
      await repo.markSkipped(message.id, skip);
      return;
    }
    let composed: ComposedMail | undefined;
    try {
      composed = await compose(message.event, shop);
      await transport.send({
        id: message.id,
        to: message.event.to,
        topic: message.event.topic,
        ...composed,
      });
    } catch (err) {
      const attempt = message.attempts + 1;
      const retryIn =
        attempt >= maxAttempts ? null : Math.min(retryBaseMs * 2 ** (attempt - 1), 3_600_000);
      const reason = err instanceof Error ? err.message : String(err);
      await repo.markFailed(message.id, reason, retryIn, composed);
      log.warn(
        {
          messageId: message.id,
          topic: message.event.topic,
          attempt,
          retryInMs: retryIn,
          err: summarizeError(err),
        },
        retryIn === null
          ? 'a message could not be sent and was given up'
          : 'a message could not be sent; it is tried again later',
      );
      return;
    }
    await repo.markSent(message.id, composed);
  }

  /** Sends up to one batch of due messages; resolves to how many were handled. */
  async function deliverBatch(stopping: () => boolean): Promise<number> {
    // Once an hour (and at the first run), messages done with a month ago are forgotten.
    if (Date.now() - prunedAt > 60 * 60 * 1000) {
      prunedAt = Date.now();
      const pruned = await repo.prune(new Date(prunedAt - keepMs));
      if (pruned > 0)
        log.info(
          { pruned },
          `forgot ${pruned} messages done with more than ${Math.round(keepMs / 86_400_000)} days ago`,
        );
    }
    const batch = await repo.claim(batchSize, leaseMs);
    let handled = 0;
    for (const [i, message] of batch.entries()) {
      // Messages not started before a stop go back for the next worker, at once.
      if (stopping()) {
        await repo.release(batch.slice(i).map((m) => m.id));
        break;
      }
      await deliver(message);
      handled += 1;
      // Requests waiting on this instance go first between two messages.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return handled;
  }

  return createRecurringJob({
    work: deliverBatch,
    everyMs,
    log,
    messages: {
      failed: 'the outbox could not be read; it is tried again shortly',
      recovered: 'the outbox is delivered again',
    },
  });
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
