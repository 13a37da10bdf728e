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
  /**
   * How long a claim lasts without news from its worker: renewed every third of it while the
   * message is being sent, so it outlasts any send; a worker that died leaves the message to
   * the others once it has passed.
   */
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
  /** How long a message done with (sent, kept, skipped, given up) is kept; checked once an hour. */
  keepMs?: number;
}

/**
 * Delivers the outbox (ADR 017, ADR 026). Every instance runs one; a worker claims one message
 * at a time (FOR UPDATE SKIP LOCKED, a lease and a token), keeps the claim while it sends it
 * with its row id as Message-ID, then marks it sent only if the claim is still its own. A
 * failed send is tried again with backoff; a worker killed between send and mark leaves the
 * lease to run out, and the message is sent again once, with the same Message-ID: at least
 * once across a crash, exactly once otherwise.
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

  /**
   * Renews the claim every third of the lease until the returned stop() (which waits for a
   * renewal under way), so a slow send never outlives its claim while this process runs.
   */
  function holdClaim(message: ClaimedMessage): () => Promise<void> {
    let renewing: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = repo.renew(message, leaseMs).then(
        (held) => {
          if (!held) clearInterval(timer);
        },
        // The database away for a moment: the next renewal tries again, within the lease.
        () => {},
      );
    }, leaseMs / 3);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await renewing;
    };
  }

  /** Records an outcome; a claim lost meanwhile is said once, never overwritten. */
  async function record(message: ClaimedMessage, outcome: Promise<boolean>): Promise<void> {
    if (await outcome) return;
    log.warn(
      { messageId: message.id, topic: message.event.topic },
      'a message outlived its claim (this instance stalled or lost the database for longer ' +
        'than the lease); another worker may have sent it too',
    );
  }

  async function deliver(message: ClaimedMessage): Promise<void> {
    const skip = await stillWanted?.(message);
    if (skip) {
      await record(message, repo.markSkipped(message, skip));
      return;
    }
    const release = holdClaim(message);
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
      await release();
      const attempt = message.attempts + 1;
      const retryIn =
        attempt >= maxAttempts ? null : Math.min(retryBaseMs * 2 ** (attempt - 1), 3_600_000);
      const reason = err instanceof Error ? err.message : String(err);
      await record(message, repo.markFailed(message, reason, retryIn, composed));
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
    await release();
    await record(
      message,
      transport.kind === 'kept'
        ? repo.markKept(message, composed)
        : repo.markSent(message, composed),
    );
  }

  /** Sends up to one batch of due messages, claiming each in turn; resolves to how many were handled. */
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
    const tried: string[] = [];
    // One claim per message: a message waits unclaimed, for any instance, while this one
    // sends another; a stopping worker claims nothing more; a run tries a message once.
    while (tried.length < batchSize && !stopping()) {
      const [message] = await repo.claim(1, leaseMs, tried);
      if (!message) break;
      tried.push(message.id);
      await deliver(message);
      // Requests waiting on this instance go first between two messages.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return tried.length;
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
