import { authOptionsSchema, type ErrorBody } from '@toolyard/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type {} from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import { AppError } from '../../errors.js';
import { FOREIGN_ORIGIN_MESSAGE } from '../../plugins/csrf.js';
import { sendError } from '../../plugins/errors.js';
import { authFailures, type Auth } from './auth.js';

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

/**
 * Better Auth's endpoints under /api/auth, bridged from Fastify to its fetch handler; its
 * errors leave in the API's one error shape. Sign-in and sign-up are rate limited.
 */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: Auth;
  config: Config;
  changes: Pick<ChangeFeed, 'publish'>;
}> = async (app, { auth, config, changes }) => {
  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const hasBody =
      request.method !== 'GET' &&
      request.method !== 'HEAD' &&
      request.body !== undefined &&
      request.body !== null;
    const failure: { error?: unknown } = {};
    const response = await authFailures.run(failure, () =>
      auth.handler(
        new Request(new URL(request.url, config.publicOrigin), {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      ),
    );
    // The API's one error handler answers it: 503 for a database outage, else a logged 500.
    if (response.status >= 500 && failure.error) throw failure.error;
    if (response.status >= 500) throw new Error(`Better Auth answered ${response.status}`);
    const text = await response.text();
    // Sign-out, revocations, bans, role changes: whatever this was, sessions cached here must
    // be looked up again, here and on every other instance.
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
    return reply.send(text === '' ? undefined : withoutSessionToken(text));
  }

  app.get('/auth-options', { schema: { response: { 200: authOptionsSchema } } }, async () => ({
    google: Boolean(config.google),
  }));

  app.post(
    '/auth/sign-in/email',
    {
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '10 minutes',
          hook: 'preHandler',
          keyGenerator: (request) => `sign-in:${request.ip}:${emailOf(request.body)}`,
          errorResponseBuilder: tooMany('sign-in attempts'),
        },
      },
    },
    forward,
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
    },
    forward,
  );
  app.route({ method: ['GET', 'POST'], url: '/auth/*', handler: forward });
};

/**
 * The session token lives in an httpOnly cookie (and, for API clients, the set-auth-token header
 * on sign-in); JSON bodies never carry it, so page scripts cannot read it.
 */
function withoutSessionToken(text: string): string {
  if (!text.includes('"token"')) return text;
  try {
    const body = JSON.parse(text) as { token?: unknown; session?: { token?: unknown } } | null;
    if (body && typeof body === 'object') {
      delete body.token;
      if (body.session && typeof body.session === 'object') delete body.session.token;
    }
    return JSON.stringify(body);
  } catch {
    return text;
  }
}

function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
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
