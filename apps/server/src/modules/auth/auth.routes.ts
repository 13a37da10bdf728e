import {
  authOptionsSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  EMAIL_LINK_PAGES,
  emptyBodySchema,
  forgotPasswordBodySchema,
  PASSWORD_MIN_SCORE,
  resetPasswordBodySchema,
  sendVerificationBodySchema,
  SIGN_UP_ANSWER,
  signInBodySchema,
  signUpBodySchema,
  updateUserBodySchema,
  type ErrorBody,
} from '@toolyard/shared';
import * as z from 'zod/mini';
import { fromNodeHeaders } from 'better-auth/node';
import type {} from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.js';
import type { ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { FOREIGN_ORIGIN_MESSAGE } from '../../plugins/csrf.js';
import { sendError } from '../../plugins/errors.js';
import type { MailEvent } from '../mail/topics.js';
import { authFailures, type Auth } from './auth.js';
import { createAuthRepository } from './auth.repository.js';
import { estimatePassword, weakPasswordMessage, type PasswordOwner } from './password-strength.js';
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
  INVALID_TOKEN: {
    status: 400,
    error: 'invalid_token',
    message: 'This link is not valid any more. Ask for a new one.',
  },
  TOKEN_EXPIRED: {
    status: 400,
    error: 'invalid_token',
    message: 'This link is not valid any more. Ask for a new one.',
  },
  INVALID_PASSWORD: {
    status: 400,
    error: 'invalid_password',
    message: 'Your current password is not right.',
  },
  EMAIL_ALREADY_VERIFIED: {
    status: 409,
    error: 'already_verified',
    message: 'Your email address is already confirmed.',
  },
  EMAIL_MISMATCH: {
    status: 400,
    error: 'invalid_input',
    message: 'You can ask for a link for your own address only.',
  },
  // Better Auth's own Origin check, worded as the rest of the API words it.
  INVALID_ORIGIN: { status: 403, error: 'forbidden', message: FOREIGN_ORIGIN_MESSAGE },
  MISSING_OR_NULL_ORIGIN: { status: 403, error: 'forbidden', message: FOREIGN_ORIGIN_MESSAGE },
};

// Requests that only ever add a session: no cached session can be affected.
const CREATES_SESSION = /^\/api\/auth\/sign-(in|up)\//;
// ... and the GET that changes one: a verified address (the session's user says so now).
const CHANGES_SESSION_BY_GET = /^\/api\/auth\/verify-email/;

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
  db: Db;
  /** Writes a message to the outbox. */
  enqueueMail: (event: MailEvent) => Promise<void>;
  /** Where the sign-in failure counters live, so that every instance counts together. */
  redis?: Redis | undefined;
}> = async (app, { auth, config, changes, db, enqueueMail, redis }) => {
  const repo = createAuthRepository(db);
  const limits = createSignInLimits({
    counter: redis
      ? createRedisCounter(redis, SIGN_IN_WINDOW_MS)
      : createMemoryCounter(SIGN_IN_WINDOW_MS),
    failuresPerAccount: config.signIn.failuresPerAccount,
    failuresPerAddress: config.signIn.failuresPerAddress,
  });
  const hashSlots = createHashSlots(config.signIn.hashConcurrency);

  /**
   * Hands the request to Better Auth, with the body as validated (or as given) and the client's
   * address.
   */
  async function callAuth(
    request: FastifyRequest,
    override: { url?: string; body?: object } = {},
  ): Promise<AuthAnswer> {
    const body = override.body ?? request.body;
    const hasBody =
      request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined && body !== null;
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
        new Request(new URL(override.url ?? request.url, config.publicOrigin), {
          method: request.method,
          headers,
          body: hasBody ? JSON.stringify(body) : undefined,
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
    if (
      (request.method === 'POST' && !CREATES_SESSION.test(request.url)) ||
      CHANGES_SESSION_BY_GET.test(request.url)
    ) {
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

  async function forwardWith(
    request: FastifyRequest,
    reply: FastifyReply,
    override: { url?: string; body?: object },
  ) {
    return answer(request, reply, await callAuth(request, override));
  }

  async function enqueuePasswordChanged(user: { email: string; name: string }) {
    await enqueueMail({
      topic: 'account.password-changed',
      to: user.email,
      data: { name: user.name },
    });
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
    emailVerification: config.mail.verification,
    outbox: config.mail.outboxPage,
  }));

  /** A limit per client address on a route that sends mail or checks a password. */
  const perAddress = (name: string, max: number, what: string) => ({
    rateLimit: {
      max,
      timeWindow: '1 hour',
      keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
      errorResponseBuilder: tooMany(what),
    },
  });
  /**
   * Refuses a new password that is easy to guess (zxcvbn, PASSWORD_MIN_SCORE), saying why under
   * its field. Called inside a hash slot, which bounds how many estimates wait at once.
   */
  const refuseWeak = async (password: string, field: string, owner: PasswordOwner) => {
    const verdict = await estimatePassword(password, owner);
    if (verdict.score < PASSWORD_MIN_SCORE) {
      throw new AppError('invalid_input', 'Some field values are not valid.', 400, {
        [field]: weakPasswordMessage(verdict),
      });
    }
  };

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
      const { name, email, password } = request.body;
      const body = { ...request.body, callbackURL: EMAIL_LINK_PAGES.verified };
      const result = await withHashSlot(reply, async () => {
        await refuseWeak(password, 'password', { name, email });
        return callAuth(request, { body });
      });
      if (!result) return reply;
      if (result.response.status >= 400) return answer(request, reply, result);
      // The same answer for a new address and for one that has an account (whose owner is
      // mailed instead): nothing here says which it was.
      reply.header('cache-control', 'no-store');
      return reply.code(200).send(SIGN_UP_ANSWER);
    },
  );

  // The address's link again: signed in (the banner) or not (the sign-up page). The same
  // answer whether or not the address has an account.
  app.post(
    '/auth/send-verification-email',
    {
      config: perAddress(
        'verify-mail',
        config.signUpLimitPerHour,
        'links asked for from this address',
      ),
      schema: { body: sendVerificationBodySchema },
    },
    (request, reply) =>
      forwardWith(request, reply, {
        body: { ...request.body, callbackURL: EMAIL_LINK_PAGES.verified },
      }),
  );
  // The link in the mail: verifies, signs in, and sends the browser to the web app's page.
  app.get(
    '/auth/verify-email',
    {
      schema: {
        querystring: z.object({
          token: z.string().check(z.maxLength(4000)),
          callbackURL: z.optional(z.string().check(z.maxLength(2000))),
        }),
      },
    },
    (request, reply) =>
      forwardWith(request, reply, {
        url: withQuery('/api/auth/verify-email', {
          token: request.query.token,
          callbackURL: EMAIL_LINK_PAGES.verified,
        }),
      }),
  );
  // Forgot password: a link to set a new one, mailed if the address has an account.
  app.post(
    '/auth/request-password-reset',
    {
      config: perAddress(
        'reset-mail',
        config.signUpLimitPerHour,
        'reset links asked for from this address',
      ),
      schema: { body: forgotPasswordBodySchema },
    },
    (request, reply) =>
      forwardWith(request, reply, {
        body: { email: request.body.email, redirectTo: EMAIL_LINK_PAGES.resetPassword },
      }),
  );
  // The reset link in the mail: on to the web app's page with the token (or the error).
  app.get(
    '/auth/reset-password/:token',
    {
      schema: {
        params: z.object({ token: z.string().check(z.maxLength(200)) }),
        querystring: z.object({ callbackURL: z.optional(z.string().check(z.maxLength(2000))) }),
      },
    },
    (request, reply) =>
      forwardWith(request, reply, {
        url: withQuery(`/api/auth/reset-password/${encodeURIComponent(request.params.token)}`, {
          callbackURL: EMAIL_LINK_PAGES.resetPassword,
        }),
      }),
  );
  // A new password from the link: every session of the account ends (Better Auth's
  // revokeSessionsOnPasswordReset), then the person is signed in here with it.
  app.post(
    '/auth/reset-password',
    {
      config: perAddress(
        'reset-password',
        config.signUpLimitPerHour,
        'password resets from this address',
      ),
      schema: { body: resetPasswordBodySchema },
    },
    async (request, reply) => {
      const { token, newPassword } = request.body;
      const owner = await repo.ownerOfResetToken(token);
      const reset = await withHashSlot(reply, async () => {
        // An unknown token is Better Auth's to answer ("ask for a new link").
        if (owner) await refuseWeak(newPassword, 'newPassword', owner);
        return callAuth(request, { body: { token, newPassword } });
      });
      if (!reset) return reply;
      const email = owner?.email;
      if (reset.response.status >= 400 || !email) return answer(request, reply, reset);
      const signedIn = await withHashSlot(reply, () =>
        callAuth(request, {
          url: '/api/auth/sign-in/email',
          body: { email, password: newPassword },
        }),
      );
      if (!signedIn) return reply;
      // The password is set whatever the sign-in did; its cookie goes with the reset's answer.
      return answer(request, reply, {
        response: withCookiesOf(reset.response, signedIn.response),
        text: reset.text,
      });
    },
  );
  // A new password, knowing the current one: every other session ends, this one stays.
  app.post(
    '/auth/change-password',
    { schema: { body: changePasswordBodySchema } },
    async (request, reply) => {
      const result = await withHashSlot(reply, async () => {
        // Signed out: Better Auth answers 401 without looking at the password.
        const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
        if (session) await refuseWeak(request.body.newPassword, 'newPassword', session.user);
        return callAuth(request, { body: { ...request.body, revokeOtherSessions: true } });
      });
      if (!result) return reply;
      if (result.response.ok) {
        const user = userOf(result.text);
        if (user) {
          await enqueuePasswordChanged(user);
        }
      }
      return answer(request, reply, result);
    },
  );
  // A new address: confirmed by a link sent to it before it takes effect.
  app.post(
    '/auth/change-email',
    {
      config: perAddress(
        'change-email',
        config.signUpLimitPerHour,
        'address changes from this address',
      ),
      schema: { body: changeEmailBodySchema },
    },
    (request, reply) =>
      forwardWith(request, reply, {
        body: { newEmail: request.body.newEmail, callbackURL: EMAIL_LINK_PAGES.verified },
      }),
  );
  app.post('/auth/revoke-other-sessions', { schema: { body: emptyBodySchema } }, (request, reply) =>
    forwardWith(request, reply, { body: {} }),
  );
  app.post('/auth/update-user', { schema: { body: updateUserBodySchema } }, forward);
  app.post('/auth/sign-out', forward);
  app.get('/auth/get-session', forward);
  // Continue With Google: the start, and the provider's redirect back (ADR 004). Without
  // Google they do not exist: a call answers 404 from the route below and reaches no code that
  // logs.
  if (config.google) {
    app.post('/auth/sign-in/social', forward);
    app.get('/auth/callback/google', forward);
  }

  // Everything else Better Auth serves (sessions lists, its admin endpoints, account deletion)
  // is not part of the shop: it does not exist here.
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

/** A path with its query, each value encoded. */
function withQuery(path: string, query: Record<string, string>): string {
  return `${path}?${new URLSearchParams(query).toString()}`;
}

/** `answer` with `cookies`' Set-Cookie headers in place of its own. */
function withCookiesOf(answer: Response, cookies: Response): Response {
  const headers = new Headers(answer.headers);
  headers.delete('set-cookie');
  for (const cookie of cookies.headers.getSetCookie()) headers.append('set-cookie', cookie);
  return new Response(null, { status: answer.status, headers });
}

/** The user in Better Auth's answer, when it names one. */
function userOf(text: string): { email: string; name: string } | undefined {
  try {
    const parsed = JSON.parse(text) as { user?: { email?: unknown; name?: unknown } };
    const { email, name } = parsed.user ?? {};
    return typeof email === 'string' && typeof name === 'string' ? { email, name } : undefined;
  } catch {
    return undefined;
  }
}
