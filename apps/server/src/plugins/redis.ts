import type { FastifyBaseLogger } from 'fastify';
import { Command, Redis, ReplyError, type RedisOptions } from 'ioredis';
import { redactUrl } from '../config.js';

/**
 * Longest wait for any one command, the health check's PING included. A frozen Redis keeps its
 * connections open and answers nothing: without a bound, every rate-limited request would wait
 * for as long as the freeze lasts.
 */
const COMMAND_TIMEOUT_MS = 200;
/**
 * How long the PING that confirms a suspicion may take. One command past its limit is not
 * evidence (a busy machine can starve Redis for a moment); a PING unanswered this long is.
 */
const CONFIRM_TIMEOUT_MS = 1000;

const TIMED_OUT = 'Command timed out';

export interface RedisConnection {
  /** The client; its commands fail within COMMAND_TIMEOUT_MS while Redis is away. */
  client: Redis;
  /**
   * True when Redis answers a PING, or when a PING past its limit is one slow answer that the
   * confirming PING shows was not Redis going away.
   */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Fails `command` once it has waited `ms`, unless its answer is in the input that the event loop
 * reads first: after a busy spell, timers run before pending input, and an answer that arrived
 * meanwhile is still on the socket.
 */
function bound(command: Command, ms: number): NodeJS.Timeout {
  return setTimeout(
    () =>
      setImmediate(() => {
        if (!command.isSettled) command.reject(new Error(TIMED_OUT));
      }),
    ms,
  );
}

/**
 * Reports, for every command, whether Redis answered it (an error reply is an answer too).
 * Each is bounded by `bound`, not by ioredis's commandTimeout, whose timer fails the answers a
 * busy event loop has not read yet.
 */
class WatchedRedis extends Redis {
  #onOutcome: (answered: boolean, err?: unknown) => void;
  /** Commands already bounded and watched: ioredis sends a command again after a reconnect. */
  #watched = new WeakSet<Command>();

  constructor(
    url: string,
    options: Omit<RedisOptions, 'replyMapping' | 'commandTimeout'>,
    onOutcome: (answered: boolean, err?: unknown) => void,
  ) {
    // Lazily: no command may run before #onOutcome is set.
    super(url, { ...options, lazyConnect: true });
    this.#onOutcome = onOutcome;
  }

  override sendCommand(...args: Parameters<Redis['sendCommand']>): unknown {
    const [command] = args;
    if (!this.#watched.has(command)) {
      this.#watched.add(command);
      const timer = bound(command, COMMAND_TIMEOUT_MS);
      command.promise.then(
        () => {
          clearTimeout(timer);
          this.#onOutcome(true);
        },
        (err: unknown) => {
          clearTimeout(timer);
          this.#onOutcome(err instanceof ReplyError, err);
        },
      );
    }
    return super.sendCommand(...args);
  }

  /** A PING that may wait `ms`, and whose outcome only its caller hears of. */
  pingWithin(ms: number): Promise<boolean> {
    const command = new Command('ping', []);
    this.#watched.add(command);
    const timer = bound(command, ms);
    void super.sendCommand(command);
    return command.promise
      .then(
        () => true,
        (err: unknown) => err instanceof ReplyError,
      )
      .finally(() => clearTimeout(timer));
  }
}

/**
 * Connects to Redis (rate-limit counters shared across instances) without ever stopping the
 * server: while Redis is away, commands fail fast, the rate limits let requests through, and
 * the client reconnects in the background. Redis is declared away on evidence: its connection
 * closing, or a command failing and a confirming PING then going unanswered for a second; one
 * slow answer is not enough. The log says once when Redis goes and once when it comes back,
 * however many requests fail in between.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  let reachable: boolean | undefined;
  let closing = false;
  /** The confirming PING in flight, if a command has just failed. */
  let confirming: Promise<boolean> | undefined;
  const markUp = () => {
    if (reachable === false) log.info('Redis is reachable again; rate limits are enforced');
    reachable = true;
  };
  const markDown = (err?: unknown) => {
    if (reachable !== false && !closing) {
      log.warn(
        { redis: redactUrl(url), reason: err instanceof Error ? err.message : String(err) },
        'Redis is unreachable; rate limits are not enforced until it returns',
      );
    }
    reachable = false;
  };
  /** A command went unanswered: Redis is away only if a PING then goes unanswered too. */
  const suspect = (err: unknown) => {
    if (reachable === false || confirming || closing) return;
    confirming = client.pingWithin(CONFIRM_TIMEOUT_MS).then((answered) => {
      confirming = undefined;
      if (answered) markUp();
      else markDown(err);
      return answered;
    });
  };

  const client = new WatchedRedis(
    url,
    {
      connectTimeout: 2000,
      // Reconnect for ever, at most 2 s apart, so that limits count again soon after Redis returns.
      retryStrategy: (attempt) => Math.min(attempt * 250, 2000),
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    },
    (answered, err) => {
      if (answered) markUp();
      // Past its limit on an open connection: maybe only slow. Refused unsent: not connected.
      else if (err instanceof Error && err.message === TIMED_OUT) suspect(err);
      else markDown(err);
    },
  );
  client.on('ready', markUp);
  client.on('error', markDown);
  client.on('close', () => markDown(new Error('connection closed')));
  // The first attempt is awaited, so that limits count from the first request when Redis is
  // there; when it is not, the server starts anyway and the client keeps trying.
  await client.connect().catch(() => {});

  return {
    client,
    ping: async () => {
      const answered = await client.ping().then(
        () => true,
        () => false,
      );
      if (answered) return true;
      return confirming ?? reachable === true;
    },
    close: async () => {
      closing = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}
