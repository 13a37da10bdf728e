import { AsyncLocalStorage } from 'node:async_hooks';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PERSON_NAME_MAX_LENGTH } from '@toolyard/shared';
import { betterAuth } from 'better-auth';
import { admin, bearer, genericOAuth } from 'better-auth/plugins';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { summarizeError, type SafeErrorSummary } from '../../db/outage.js';
import type { EnqueueOptions } from '../mail/outbox.repository.js';
import type { MailEvent } from '../mail/topics.js';
import { inAuthContext, scopeToAuthCalls } from './auth-context.js';
import { authDatabaseAdapter, createAuthRepository } from './auth.repository.js';

export interface CreateAuthOptions {
  config: Config;
  db: Db;
  secret: string;
  /** Writes a message to the outbox (verification, reset, "you already have an account"). */
  enqueueMail: (event: MailEvent, options?: EnqueueOptions) => Promise<void>;
  /** Better Auth's own log lines, already stripped of what they carried. */
  log?: (level: 'debug' | 'info' | 'success' | 'warn' | 'error', line: SafeLogLine) => void;
}

/** The error behind a Better Auth 500, for the request that is being forwarded. */
export const authFailures = new AsyncLocalStorage<{ error?: unknown }>();
scopeToAuthCalls(authFailures);

export interface SafeLogLine {
  message: string;
  errors: SafeErrorSummary[];
}

/**
 * Better Auth logs errors whole, and a database error's message holds the query and its
 * parameters (session tokens, emails). Only a summary of each goes on. Its own sentences may
 * end in what a client sent (`Invalid origin: https://...`, a callback URL): anything with a
 * slash or an @ in it is left out.
 */
function safeLogMessage(message: string, args: unknown[]): SafeLogLine {
  const errors = args.filter((a) => a instanceof Error).map(summarizeError);
  const looksLikeQuery = /failed query|params:|insert into|select |update |delete from/i.test(
    message,
  );
  return {
    message: looksLikeQuery
      ? 'a database query failed'
      : message.slice(0, 200).replace(/\S*[/@]\S*/g, '…'),
    errors,
  };
}

/**
 * Better Auth, in-process: email/password with argon2id (the library's defaults are OWASP's
 * parameters: 19 MiB, 2 passes), database sessions in httpOnly cookies, bearer tokens for API
 * clients, the admin role, and Google as an OpenID Connect provider found by discovery, so its
 * ID tokens are checked for signature, issuer, audience and nonce.
 */
export function createAuth({ config, db, secret, log, enqueueMail }: CreateAuthOptions) {
  const repo = createAuthRepository(db);
  const adminEmails = new Set(config.adminEmails);
  const isAdminEmail = (email: string) => adminEmails.has(email.toLowerCase());
  /**
   * ADMIN_EMAILS makes an account admin only once its owner has proved the address: by the
   * link mailed to it, or by Google saying it is verified. Whoever signs up first with the
   * owner's address gets nothing from it.
   */
  async function promoteIfAdminEmail(userId: string) {
    if (adminEmails.size === 0) return;
    const user = await repo.findEmail(userId);
    if (user?.emailVerified && isAdminEmail(user.email)) await repo.promoteToAdmin(userId);
  }

  /** True when `email` is not the account's address yet: a change of address is being confirmed. */
  async function isAnotherAccountsAddress(userId: string, email: string) {
    const user = await repo.findEmail(userId);
    return Boolean(user && user.email.toLowerCase() !== email.toLowerCase());
  }

  const auth = betterAuth({
    appName: 'Toolyard',
    baseURL: config.publicOrigin,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicOrigin, ...config.trustedOrigins],
    database: authDatabaseAdapter(db),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up answers alike for a new and an existing address (no session either way); the
      // owner of an existing one is told by mail instead of getting a second account.
      autoSignIn: false,
      requireEmailVerification: false,
      onExistingUserSignUp: async ({ user }) =>
        enqueueMail({ topic: 'account.exists', to: user.email, data: { name: user.name } }),
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url, token }) => {
        // Only the newest link works: one found later in an old mail sets nothing.
        await repo.endEarlierResetTokens(user.id, token);
        await enqueueMail({
          topic: 'account.reset',
          to: user.email,
          data: { name: user.name, url },
        });
      },
      // A reset ends every session of the account; the person is signed in afresh.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) =>
        enqueueMail({
          topic: 'account.password-changed',
          to: user.email,
          data: { name: user.name },
        }),
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      sendVerificationEmail: async ({ user, url }) =>
        enqueueMail({
          topic: 'account.verify',
          to: user.email,
          data: {
            name: user.name,
            url,
            // Better Auth hands over the user with the new address when one is being confirmed.
            changingEmail: await isAnotherAccountsAddress(user.id, user.email),
          },
        }),
      afterEmailVerification: async (user) => promoteIfAdminEmail(user.id),
    },
    user: {
      // The new address is confirmed by a link sent to it before it replaces the old one.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
      additionalFields: {
        phone: { type: 'string', required: false, input: false },
        address: { type: 'string', required: false, input: false },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    account: {
      accountLinking: {
        enabled: true,
        // Google signs in to an existing account only when both sides proved the address:
        // Google says it is verified, and its owner here followed the link mailed to it. An
        // account somebody made with another person's address cannot be taken over later.
        requireLocalEmailVerified: true,
        trustedProviders: [],
      },
    },
    // Limits live in Fastify (@fastify/rate-limit), where they share the API's error shape.
    rateLimit: { enabled: false },
    // Failed sign-ins with no usable state come back to our login page, not Better Auth's.
    onAPIError: {
      errorURL: '/login',
      // A failure that is not Better Auth's own answer (a database error) leaves the handler
      // as it is, for the API's one error handler: 503 for an outage, else a logged 500,
      // never the error printed whole to stderr with its query parameters.
      throw: true,
    },
    logger: {
      disabled: config.logLevel === 'silent',
      log: (level, message, ...args) => {
        // Errors Better Auth catches and answers 500 for itself (a session lookup): the
        // request that is being forwarded learns what lay behind them.
        const failure = authFailures.getStore();
        if (failure) failure.error ??= args.find((a) => a instanceof Error);
        log?.(level, safeLogMessage(message, args));
      },
    },
    advanced: {
      // Better Auth turns these off by itself when NODE_ENV=test or TEST is set; never here.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      useSecureCookies: config.publicOrigin.startsWith('https:'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    telemetry: { enabled: false },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              // Sign-up checked its name already; a Google profile's comes as Google has it.
              name: boundedName(user.name),
              // Only Google's sign-ups arrive verified; a password account waits for its link.
              role: user.emailVerified && isAdminEmail(user.email) ? 'admin' : 'user',
            },
          }),
        },
      },
      session: {
        create: {
          // ADMIN_EMAILS also promotes (verified) accounts that existed before the setting did.
          after: async (session) => promoteIfAdminEmail(session.userId),
        },
      },
    },
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      bearer(),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  name: 'Google',
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  discoveryUrl: `${config.google.issuer}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
  // Every call in, through the handler or the API, runs in the scope of Better Auth's
  // AsyncLocalStorages (auth-context.ts).
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === 'function'
        ? (...args: unknown[]) => inAuthContext(async () => value(...args))
        : value;
    },
  });
  return {
    ...auth,
    handler: (request: Request) => inAuthContext(() => auth.handler(request)),
    api,
  };
}

export type Auth = ReturnType<typeof createAuth>;

/** A name as every page shows it: control characters out, at most 60 characters. */
function boundedName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return Array.from(clean).slice(0, PERSON_NAME_MAX_LENGTH).join('').trim() || 'Customer';
}
