import {
  authOptionsSchema,
  signInBodySchema,
  signUpBodySchema,
  updateUserBodySchema,
  type ErrorBody,
} from '@toolyard/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type {} from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import { AppError } from '../../errors.js';
import { FOREIGN_ORIGIN_MESSAGE } from '../../plugins/csrf.js';
import { sendError } from '../../plugins/errors.js';
import { authFailures, type Auth } from './auth.js';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.js';
import { withoutSessionTokens } from './session-token.js';
import {
  createHashSlots,
  createMemoryCounter,
  createRedisCounter,
  createSignInLimits,
  SIGN_IN_WINDOW_MS,
  type SignInRefusal,
} from './sign-in-limits.js';

/** Better Auth's codes that deserve another status or a friendlier sentence. */
const knownErrors: Record<string, { status: number; error: string; message: string }> = {
  USER_ALREADY_EXISTS: {
    status: 409,
    error: 'user_already_exists',
    message: 'An account with this email already exists. Sign in instead.',
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    status: 409,
    error: 'user_already_exists',
    message: 'An account with this email already exists. Sign in instead.',
  },
  INVALID_EMAIL_OR_PASSWORD: {
    status: 401,
    error: 'invalid_email_or_password',
    message: 'Invalid email or password',
  },
  BANNED_USER: {
    status: 403,
    error: 'account_disabled',
    message: 'This account has been disabled.',
  },
  // Better Auth's own Origin check, worded as the rest of the API words it.
  INVALID_ORIGIN: { status: 403, error: 'forbidden', message: FOREIGN_ORIGIN_MESSAGE },
  MISSING_OR_NULL_ORIGIN: { status: 403, error: 'forbidden', message: FOREIGN_ORIGIN_MESSAGE },
};

// Requests that only ever add a session: no cached session can be affected.
const CREATES_SESSION = /^\/api\/auth\/sign-(in|up)\//;

// When to try again travels in Retry-After (the web app words it); the sentence stays short.
const tooMany = (what: string) => () => new AppError('rate_limited', `Too many ${what}.`, 429);

const signInRefusals: Record<SignInRefusal['scope'], string> = {
  account: 'Too many sign-in attempts for this account. Try again later.',
  address: 'Too many sign-in attempts from this address. Try again later.',
};

/** Better Auth's answer to a forwarded request, read whole. */
interface AuthAnswer {
  response: Response;
  text: string;
}

/**
 * Better Auth's endpoints the shop uses, and only those (ADR 015), bridged from Fastify to its
 * fetch handler; its errors leave in the API's one error shape. Bodies are checked against the
 * shared schemas before they are forwarded. Sign-up is rate limited per address; sign-in has
 * failure limits per account and per address; both refuse at once when too many password hashes
 * are being computed. Every other path under /api/auth answers 404.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  config: Config;
  changes: Pick<ChangeFeed, 'publish'>;
  /** Where the sign-in failure counters live, so that every instance counts together. */
  redis?: Redis | undefined;
}> = async (app, { auth, config, changes, redis }) => {
  const limits = createSignInLimits({
    counter: redis
      ? createRedisCounter(redis, SIGN_IN_WINDOW_MS)
      : createMemoryCounter(SIGN_IN_WINDOW_MS),
    failuresPerAccount: config.signIn.failuresPerAccount,
    failuresPerAddress: config.signIn.failuresPerAddress,
  });
  const hashSlots = createHashSlots(config.signIn.hashConcurrency);

  /** Hands the request to Better Auth, with the body as validated and the client's address. */
  async function callAuth(request: FastifyRequest): Promise<AuthAnswer> {
    const hasBody =
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      request.body !== undefined &&
      request.body !== null;
    const headers = fromNodeHeaders(request.headers);
    // The body is sent as parsed (and validated), not as received.
    headers.delete('content-length');
    headers.delete('transfer-encoding');
    // Better Auth reads the client's address from X-Forwarded-For (sessions record it): it gets
    // the address Fastify derived under TRUST_PROXY, never what the client wrote there.
    headers.set('x-forwarded-for', request.ip);
    const failure: { error?: unknown } = {};
    const response = await authFailures.run(failure, () =>
      auth.handler(
        new Request(new URL(request.url, config.publicOrigin), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      ),
    );
    // The API's one error handler answers it: 503 for a database outage, else a logged 500.
    if (response.status >= 500 && failure.error) throw failure.error;
    if (response.status >= 500) throw new Error(`Better Auth answered ${response.status}`);
    return { response, text: await response.text() };
  }

  /** Sends Better Auth's answer on, in the API's error shape when it is an error. */
  function answer(request: FastifyRequest, reply: FastifyReply, { response, text }: AuthAnswer) {
    // Sign-out, name changes, Google sign-ins: whatever this was, sessions cached here must be
    // looked up again, here and on every other instance.
    if (request.method === 'POST' && !CREATES_SESSION.test(request.url)) {
      changes.publish('sessions');
    }
    if (response.status >= 400) return sendError(reply, ...toErrorBody(response.status, text));

    reply.code(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    reply.header('cache-control', 'no-store');
    return reply.send(text === '' ? undefined : withoutSessionTokens(text));
  }

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    return answer(request, reply, await callAuth(request));
  }

  /** Forwards a request that computes a password hash, if a hash slot is free. */
  async function withHashSlot(
    reply: FastifyReply,
    call: () => Promise<AuthAnswer>,
  ): Promise<AuthAnswer | undefined> {
    const release = hashSlots.tryTake();
    if (!release) {
      reply.header('retry-after', '1');
      await sendError(reply, 503, {
        error: 'service_unavailable',
        message: 'Too many sign-ins at this moment. Please try again in a moment.',
      });
      return undefined;
    }
    try {
      return await call();
    } finally {
      release();
    }
  }

  app.get('/auth-options', { schema: { response: { 200: authOptionsSchema } } }, async () => ({
    google: Boolean(config.google),
  }));

  app.post(
    '/auth/sign-in/email',
    { schema: { body: signInBodySchema } },
    async (request, reply) => {
      const { email } = request.body;
      const refusal = await limits.check(email, request.ip);
      if (refusal) {
        reply.header('retry-after', String(refusal.retryAfterSeconds));
        return sendError(reply, 429, {
          error: 'rate_limited',
          message: signInRefusals[refusal.scope],
        });
      }
      const result = await withHashSlot(reply, () => callAuth(request));
      if (!result) return reply;
      if (isWrongPassword(result)) await limits.recordFailure(email, request.ip);
      return answer(request, reply, result);
    },
  );
  app.post(
    '/auth/sign-up/email',
    {
      config: {
        rateLimit: {
          max: config.signUpLimitPerHour,
          timeWindow: '1 hour',
          keyGenerator: (request) => `sign-up:${request.ip}`,
          errorResponseBuilder: tooMany('sign-ups from this address'),
        },
      },
      schema: { body: signUpBodySchema },
    },
    async (request, reply) => {
      if (isCommonPassword(request.body.password)) {
        throw new AppError('invalid_input', 'Some field values are not valid.', 400, {
          password: COMMON_PASSWORD_MESSAGE,
        });
      }
      const result = await withHashSlot(reply, () => callAuth(request));
      return result ? answer(request, reply, result) : reply;
    },
  );
  app.post('/auth/update-user', { schema: { body: updateUserBodySchema } }, forward);
  app.post('/auth/sign-out', forward);
  app.get('/auth/get-session', forward);
  // Continue With Google: the start, and the provider's redirect back (ADR 004).
  app.post('/auth/sign-in/social', forward);
  app.get('/auth/callback/google', forward);

  // Everything else Better Auth serves (sessions lists, its admin endpoints, password and email
  // changes, account deletion) is not part of the shop: it does not exist here.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/auth/*',
    handler: async (request, reply) =>
      sendError(reply, 404, {
        error: 'not_found',
        message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
      }),
  });
};

function isWrongPassword({ response, text }: AuthAnswer): boolean {
  return response.status === 401 && toErrorBody(401, text)[1].error === 'invalid_email_or_password';
}

function toErrorBody(status: number, text: string): [number, ErrorBody] {
  let code = '';
  let message = '';
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    code = typeof parsed.code === 'string' ? parsed.code : '';
    message = typeof parsed.message === 'string' ? parsed.message : '';
  } catch {
    // not JSON: fall through to the generic sentence
  }
  const known = knownErrors[code];
  if (known) return [known.status, { error: known.error, message: known.message }];
  if (status >= 500) {
    return [
      500,
      { error: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    ];
  }
  return [
    status,
    {
      error: code ? code.toLowerCase() : status === 401 ? 'unauthorized' : 'invalid_input',
      message: message || 'The request could not be completed.',
    },
  ];
}
