import type { Role } from '@toolyard/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import type { Auth } from './auth.js';

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

/**
 * Who is asking: the session behind the request's cookie or bearer token, looked up once per
 * request. The guards throw the API's 401 and 403 errors.
 */
export function createSessionGuards(auth: Auth) {
  const seen = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

  function currentUser(request: FastifyRequest): Promise<CurrentUser | null> {
    let found = seen.get(request);
    if (!found) {
      found = auth.api.getSession({ headers: fromNodeHeaders(request.headers) }).then((result) =>
        result && !result.user.banned
          ? {
              id: result.user.id,
              email: result.user.email,
              name: result.user.name,
              role: result.user.role === 'admin' ? 'admin' : 'user',
            }
          : null,
      );
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
