import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL channel every instance listens on (see ADR 008). */
export const CHANGES_CHANNEL = 'toolyard_changes';

/**
 * What changed: `products` (any product row, stock included), `reviews`, `user:<id>`,
 * `session:<id>`, `sessions` (any session: an auth action whose target is not known here). `*` means "changes may have been missed": drop everything.
 */
export type ChangeTopic =
  'products' | 'reviews' | 'sessions' | `user:${string}` | `session:${string}` | '*';

/**
 * Tells every instance sharing the database that cached data changed. A publish reaches this
 * process's subscribers synchronously, before the request that wrote answers, and other
 * instances through one coalesced NOTIFY a moment later. Writes made outside the app (psql)
 * must be announced too: `NOTIFY toolyard_changes, 'cli|products reviews'`.
 */
export interface ChangeFeed {
  publish(...topics: ChangeTopic[]): void;
  subscribe(fn: (topic: ChangeTopic) => void): () => void;
  /** False while changes made elsewhere could be missed: caches must not serve then. */
  readonly connected: boolean;
  close(): Promise<void>;
}

// Payload: "<origin>|<topic> <topic> ...". The origin lets an instance skip its own echo.
const encode = (origin: string, topics: Iterable<string>) => `${origin}|${[...topics].join(' ')}`;
function decode(payload: string): { origin: string; topics: ChangeTopic[] } {
  const bar = payload.indexOf('|');
  return {
    origin: payload.slice(0, bar),
    topics: payload
      .slice(bar + 1)
      .split(' ')
      .filter(Boolean) as ChangeTopic[],
  };
}
// NOTIFY payloads must stay under 8000 bytes.
const MAX_PAYLOAD = 7000;

function createDispatcher() {
  const subscribers = new Set<(topic: ChangeTopic) => void>();
  return {
    subscribers,
    dispatch(topic: ChangeTopic) {
      for (const fn of subscribers) fn(topic);
    },
    subscribe(fn: (topic: ChangeTopic) => void) {
      subscribers.add(fn);
      return () => void subscribers.delete(fn);
    },
  };
}

/** PGlite: one process owns the data folder, so every change is made, and heard, here. */
export function createLocalChangeFeed(): ChangeFeed {
  const { dispatch, subscribe } = createDispatcher();
  return {
    connected: true,
    publish: (...topics) => topics.forEach(dispatch),
    subscribe,
    close: async () => {},
  };
}

/**
 * PostgreSQL: a dedicated connection LISTENs. While it is down, `connected` is false and on
 * every (re)connection subscribers get `*`, since notifications sent meanwhile are lost.
 * Publishes are coalesced: one NOTIFY carries every topic changed since the previous one, so
 * a thousand orders a second do not mean a thousand NOTIFY transactions (each takes a global
 * lock at commit).
 */
export async function openPostgresChangeFeed(
  url: string,
  onError: (err: unknown) => void = () => {},
): Promise<ChangeFeed> {
  const origin = randomUUID();
  const { dispatch, subscribe } = createDispatcher();
  const pending = new Set<ChangeTopic>();
  let client: pg.Client | undefined;
  let connected = false;
  let closed = false;
  let flushing = false;
  let scheduled = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    next.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      const { origin: from, topics } = decode(message.payload);
      if (from === origin) return;
      for (const topic of topics) dispatch(topic);
    });
    const lost = (err?: unknown) => {
      if (client !== next) return;
      client = undefined;
      connected = false;
      dispatch('*');
      if (err) onError(err);
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(lost), 1000);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    client = next;
    await next.connect();
    await next.query(`listen ${CHANGES_CHANNEL}`);
    if (client !== next) return;
    connected = true;
    // Anything cached before this moment may have missed a notification.
    dispatch('*');
    void flush();
  }

  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    try {
      while (pending.size > 0 && client && connected) {
        const batch: ChangeTopic[] = [];
        let size = 0;
        for (const topic of pending) {
          if (size + topic.length > MAX_PAYLOAD && batch.length > 0) break;
          batch.push(topic);
          size += topic.length + 1;
        }
        batch.forEach((t) => pending.delete(t));
        try {
          await client.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, encode(origin, batch)]);
        } catch (err) {
          batch.forEach((t) => pending.add(t));
          onError(err);
          break;
        }
      }
    } finally {
      flushing = false;
    }
  }

  await connect();

  return {
    get connected() {
      return connected;
    },
    publish(...topics) {
      for (const topic of topics) {
        dispatch(topic);
        pending.add(topic);
      }
      // After the current tick: writes finishing together share one NOTIFY.
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        void flush();
      });
    },
    subscribe,
    async close() {
      closed = true;
      clearTimeout(retry);
      await flush();
      const last = client;
      client = undefined;
      connected = false;
      await last?.end().catch(() => {});
    },
  };
}
