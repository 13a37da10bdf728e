import type { Role } from '@toolyard/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Auth } from './auth.js';

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** The owner followed the link mailed to the address (or Google vouched for it). */
  emailVerified: boolean;
}

export interface SessionGuardOptions {
  /** How long a looked-up session is trusted without asking the database again. */
  ttlMs?: number;
  maxEntries?: number;
}

interface CachedSession {
  user: CurrentUser | null;
  sessionId: string;
  expires: number;
}

/**
 * Who is asking: the session behind the request's cookie or bearer token. A session found is
 * kept in this process for a few seconds, keyed by the credentials presented, and dropped at
 * once when the feed says it changed: sign-out, a role change, a ban, a removal (here, or on
 * another instance through the change feed). The guards throw the API's 401 and 403.
 */
export function createSessionGuards(
  auth: Auth,
  changes: ChangeFeed,
  { ttlMs = 10_000, maxEntries = 10_000 }: SessionGuardOptions = {},
) {
  const seen = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();
  const cache = new Map<string, CachedSession>();
  let generation = 0;

  changes.subscribe((topic) => {
    if (topic === '*' || topic === 'sessions') {
      generation++;
      cache.clear();
      return;
    }
    const [kind, id] = topic.split(':');
    if (kind !== 'user' && kind !== 'session') return;
    generation++;
    for (const [key, entry] of cache) {
      if (kind === 'session' ? entry.sessionId === id : entry.user?.id === id) cache.delete(key);
    }
  });

  async function lookUp(request: FastifyRequest, key: string): Promise<CurrentUser | null> {
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.user;
    if (hit) cache.delete(key);

    const started = generation;
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!result) return null;
    const user: CurrentUser | null = result.user.banned
      ? null
      : {
          id: result.user.id,
          email: result.user.email,
          name: result.user.name,
          role: result.user.role === 'admin' ? 'admin' : 'user',
          emailVerified: result.user.emailVerified,
        };
    // A change announced while we asked may not be in this answer: use it once, keep it not.
    if (started === generation && changes.connected) {
      cache.set(key, {
        user,
        sessionId: result.session.id,
        expires: Math.min(Date.now() + ttlMs, new Date(result.session.expiresAt).getTime()),
      });
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    }
    return user;
  }

  function currentUser(request: FastifyRequest): Promise<CurrentUser | null> {
    let found = seen.get(request);
    if (!found) {
      const key = credentialsOf(request);
      found = key === undefined ? Promise.resolve(null) : lookUp(request, key);
      seen.set(request, found);
    }
    return found;
  }

  async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
    const user = await currentUser(request);
    if (!user) throw new AppError('unauthorized', 'Please sign in to continue.', 401);
    return user;
  }

  async function requireAdmin(request: FastifyRequest): Promise<CurrentUser> {
    const user = await requireUser(request);
    if (user.role !== 'admin') throw new AppError('forbidden', 'Only admins can do that.', 403);
    return user;
  }

  return {
    currentUser,
    requireUser,
    requireAdmin,
    /** Route hooks: refuse before the request is even validated. */
    signedIn: async (request: FastifyRequest) => {
      await requireUser(request);
    },
    adminOnly: async (request: FastifyRequest) => {
      await requireAdmin(request);
    },
  };
}

export type SessionGuards = ReturnType<typeof createSessionGuards>;

/**
 * What identifies the caller: the bearer token and the session cookies, exactly as sent
 * (signature included, so a cached key is one Better Auth has verified). Undefined when the
 * request carries neither, so anonymous requests never reach the database.
 */
function credentialsOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization ?? '';
  const cookies = (request.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c.slice(0, c.indexOf('=')).endsWith('session_token'))
    .join('; ');
  if (!authorization && !cookies) return undefined;
  return `${authorization}\n${cookies}`;
}
