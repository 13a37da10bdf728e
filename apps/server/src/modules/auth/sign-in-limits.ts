import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** How long failed sign-ins are remembered: the window of both failure limits. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Counts events per key in fixed windows: in Redis when it is configured, so that every
 * instance counts together, else in this process. A Redis that does not answer counts nothing
 * and limits nothing, as the other rate limits do (skipOnError).
 */
export interface WindowCounter {
  /** Events counted under `key` in its current window, and how long until that window ends. */
  get(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Counts one more; the first event of a window starts it. */
  add(key: string): Promise<void>;
}

export function createMemoryCounter(windowMs: number, maxKeys = 100_000): WindowCounter {
  const counts = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const entry = counts.get(key);
    if (entry && entry.resetAt <= now) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    get: async (key) => {
      const now = Date.now();
      const entry = live(key, now);
      return entry ? { count: entry.count, resetInMs: entry.resetAt - now } : zero;
    },
    add: async (key) => {
      const now = Date.now();
      const entry = live(key, now);
      if (entry) {
        entry.count++;
        return;
      }
      if (counts.size >= maxKeys) {
        for (const [k, e] of counts) if (e.resetAt <= now) counts.delete(k);
        // Still full (a spray across more keys than this): the oldest windows go first.
        for (const k of counts.keys()) {
          if (counts.size < maxKeys) break;
          counts.delete(k);
        }
      }
      counts.set(key, { count: 1, resetAt: now + windowMs });
    },
  };
}

// INCR, and the window's expiry set by the event that starts it, in one round trip.
const ADD_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export function createRedisCounter(
  client: Redis,
  windowMs: number,
  prefix = 'toolyard-sign-in:',
): WindowCounter {
  return {
    get: async (key) => {
      try {
        const results = await client
          .pipeline()
          .get(prefix + key)
          .pttl(prefix + key)
          .exec();
        const count = Number(results?.[0]?.[1] ?? 0);
        const ttl = Number(results?.[1]?.[1] ?? -2);
        return count > 0 ? { count, resetInMs: ttl > 0 ? ttl : windowMs } : zero;
      } catch {
        return zero;
      }
    },
    add: async (key) => {
      try {
        await client.eval(ADD_SCRIPT, 1, prefix + key, String(windowMs));
      } catch {
        // Redis is away: this failure goes uncounted (connectRedis has said so in the log).
      }
    },
  };
}

const zero = { count: 0, resetInMs: 0 };

export interface SignInLimitsOptions {
  counter: WindowCounter;
  /** Failed sign-ins to one account, from anywhere, per window. */
  failuresPerAccount: number;
  /** Failed sign-ins from one client address, to any accounts, per window. */
  failuresPerAddress: number;
}

export interface SignInRefusal {
  /** What is locked: one account, or everything from one address. */
  scope: 'account' | 'address';
  retryAfterSeconds: number;
}

/**
 * The two failure limits on password sign-in. Checked before the password is hashed; a failure
 * is counted once the answer is known (401 invalid_email_or_password); a success counts for
 * nothing. Requests already in flight when a limit is reached still finish, so a limit can be
 * passed by at most the number of hashes running at once (HashSlots).
 */
export function createSignInLimits({
  counter,
  failuresPerAccount,
  failuresPerAddress,
}: SignInLimitsOptions) {
  // Hashed: Redis (or a heap dump) holds no one's email address.
  const accountKey = (email: string) =>
    `account:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
  const addressKey = (address: string) => `address:${address}`;
  return {
    async check(email: string, address: string): Promise<SignInRefusal | undefined> {
      const [account, fromAddress] = await Promise.all([
        counter.get(accountKey(email)),
        counter.get(addressKey(address)),
      ]);
      const refuse = (scope: SignInRefusal['scope'], resetInMs: number): SignInRefusal => ({
        scope,
        retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
      });
      if (account.count >= failuresPerAccount) return refuse('account', account.resetInMs);
      if (fromAddress.count >= failuresPerAddress) return refuse('address', fromAddress.resetInMs);
      return undefined;
    },
    async recordFailure(email: string, address: string): Promise<void> {
      await Promise.all([counter.add(accountKey(email)), counter.add(addressKey(address))]);
    },
  };
}

export type SignInLimits = ReturnType<typeof createSignInLimits>;

/**
 * A bound on password hashes (argon2id, 19 MiB and tens of milliseconds of CPU each) computed at
 * once in this process. Past it a request is refused at once rather than queued, so a flood of
 * sign-ins cannot slow every other request down.
 */
export function createHashSlots(limit: number) {
  let busy = 0;
  return {
    /** A release function when a slot is free, undefined when all are taken. */
    tryTake(): (() => void) | undefined {
      if (busy >= limit) return undefined;
      busy++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        busy--;
      };
    },
    get busy() {
      return busy;
    },
  };
}

export type HashSlots = ReturnType<typeof createHashSlots>;
