import type { FastifyBaseLogger } from 'fastify';
import { Redis, ReplyError, type RedisOptions } from 'ioredis';
import { redactUrl } from '../config.js';

/**
 * Longest wait for any one command, the health check's PING included. A frozen Redis keeps its
 * connections open and answers nothing: without a bound, every rate-limited request would wait
 * for as long as the freeze lasts.
 */
const COMMAND_TIMEOUT_MS = 200;

export interface RedisConnection {
  /** The client; its commands fail within COMMAND_TIMEOUT_MS while Redis is away. */
  client: Redis;
  /** True when Redis answers a PING within COMMAND_TIMEOUT_MS. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Reports, for every command, whether Redis answered it (an error reply is an answer too). */
class WatchedRedis extends Redis {
  #onOutcome: (answered: boolean, err?: unknown) => void;

  constructor(
    url: string,
    options: Omit<RedisOptions, 'replyMapping'>,
    onOutcome: (answered: boolean, err?: unknown) => void,
  ) {
    // Lazily: no command may run before #onOutcome is set.
    super(url, { ...options, lazyConnect: true });
    this.#onOutcome = onOutcome;
  }

  override sendCommand(...args: Parameters<Redis['sendCommand']>): unknown {
    const [command] = args;
    command.promise.then(
      () => this.#onOutcome(true),
      (err: unknown) => this.#onOutcome(err instanceof ReplyError, err),
    );
    return super.sendCommand(...args);
  }
}

/**
 * Connects to Redis (rate-limit counters shared across instances) without ever stopping the
 * server: while Redis is away, commands fail fast, the rate limits let requests through, and
 * the client reconnects in the background. The log says once when Redis goes and once when it
 * comes back, however many requests fail in between.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<RedisConnection> {
  let reachable: boolean | undefined;
  let closing = false;
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

  const client = new WatchedRedis(
    url,
    {
      connectTimeout: 2000,
      commandTimeout: COMMAND_TIMEOUT_MS,
      // Reconnect for ever, at most 2 s apart, so that limits count again soon after Redis returns.
      retryStrategy: (attempt) => Math.min(attempt * 250, 2000),
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    },
    (answered, err) => (answered ? markUp() : markDown(err)),
  );
  client.on('ready', markUp);
  client.on('error', markDown);
  client.on('close', () => markDown(new Error('connection closed')));
  // The first attempt is awaited, so that limits count from the first request when Redis is
  // there; when it is not, the server starts anyway and the client keeps trying.
  await client.connect().catch(() => {});

  return {
    client,
    ping: () =>
      client.ping().then(
        () => true,
        () => false,
      ),
    close: async () => {
      closing = true;
      await client.quit().catch(() => client.disconnect());
    },
  };
}
