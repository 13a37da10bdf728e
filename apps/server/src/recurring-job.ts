import { summarizeError } from './db/outage.js';

export interface RecurringJobOptions {
  /** One run; resolves to how much it did. `stopping()` turns true once stop() is called. */
  work: (stopping: () => boolean) => Promise<number>;
  /** Between runs of the timer. */
  everyMs: number;
  /** From start() to the first run; `everyMs` when left out. */
  firstAfterMs?: number;
  log: {
    info: (obj: object, msg: string) => void;
    warn: (obj: object, msg: string) => void;
  };
  /** Logged once when a run fails (the database away), and once when one succeeds again. */
  messages: { failed: string; recovered: string };
}

/**
 * A job every instance runs on a timer (the unpaid hold, the outbox): one run at a time in this
 * process, a failure logged once until a run succeeds again, a timer that does not keep the
 * process alive, and a stop that waits for the run under way (before the database closes).
 */
export function createRecurringJob({
  work,
  everyMs,
  firstAfterMs = everyMs,
  log,
  messages,
}: RecurringJobOptions) {
  let running: Promise<number> | undefined;
  let failing = false;
  let stopping = false;

  /** Runs the job now, or joins the run under way; never rejects. */
  function run(): Promise<number> {
    running ??= work(() => stopping)
      .then(
        (n) => {
          if (failing) log.info({}, messages.recovered);
          failing = false;
          return n;
        },
        (err: unknown) => {
          if (!failing) log.warn({ err: summarizeError(err) }, messages.failed);
          failing = true;
          return 0;
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  let first: NodeJS.Timeout | undefined;
  let every: NodeJS.Timeout | undefined;

  return {
    run,
    /** Runs the job after `firstAfterMs`, then every `everyMs`. */
    start() {
      if (first || every) return;
      stopping = false;
      first = setTimeout(() => void run(), firstAfterMs);
      every = setInterval(() => void run(), everyMs);
      first.unref();
      every.unref();
    },
    /** Stops the timer and waits for the run under way. */
    async stop() {
      stopping = true;
      clearTimeout(first);
      clearInterval(every);
      first = every = undefined;
      await running;
    },
  };
}
