import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';
import type { PostgresLimits } from './db/client.js';
import type { SlowClientTimeouts } from './plugins/slow-clients.js';

const webDistDefault = fileURLToPath(new URL('../../web/dist', import.meta.url));

const wholeNumber = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  PUBLIC_ORIGIN: z
    .url({
      protocol: /^https?$/,
      error: 'must be an http(s) origin such as https://shop.example.com',
    })
    .optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  EMBEDDED_DB_DURABLE: z.stringbool({ error: 'must be true or false' }).default(true),
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: 'must be a postgres:// or postgresql:// connection URL',
    })
    .optional(),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  TRUST_PROXY: z.string().transform(parseTrustProxy).optional(),
  PAYMENTS_TEST_MODE: z.stringbool({ error: 'must be true or false' }).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_... or sk_live_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_... or pk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SEED_DEMO_DATA: z.stringbool({ error: 'must be true or false' }).default(true),
  AUTH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (e.g. openssl rand -hex 32)')
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: 'must be a comma-separated list of email addresses' })))
    .default([]),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://accounts.google.com'),
  TRUSTED_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .default([]),
  SIGN_UP_LIMIT_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1')
    .default(20),
  CONTACT_LIMIT_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number of at least 1' })
    .int('must be a whole number of at least 1')
    .min(1, 'must be a whole number of at least 1')
    .default(5),
  SIGN_IN_FAILURES_PER_ACCOUNT: wholeNumber(1, 100_000).default(10),
  SIGN_IN_FAILURES_PER_ADDRESS: wholeNumber(1, 100_000).default(50),
  PASSWORD_HASH_CONCURRENCY: wholeNumber(1, 256).optional(),
  REVIEW_LIMIT_PER_HOUR: wholeNumber(1, 100_000).default(5),
  // A confirmed buyer's unpaid order, as shops that reserve at checkout hold it (ADR 022).
  UNPAID_ORDER_HOLD: z
    .string()
    .transform(parseDuration)
    .default(30 * 60 * 1000),
  UNPAID_ORDERS_PER_BUYER: wholeNumber(0, 1_000_000).default(10),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3, 'must be an address such as Toolyard <shop@example.com>').optional(),
  EMAIL_VERIFICATION: z.enum(['optional', 'required']).default('optional'),
  MAIL_OUTBOX_PAGE: z.stringbool({ error: 'must be true or false' }).optional(),
  DATABASE_POOL_SIZE: wholeNumber(1, 1000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(100, 600_000).default(5000),
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(100, 600_000).default(3000),
  HEADERS_TIMEOUT_MS: wholeNumber(100, 600_000).default(10_000),
  BODY_TIMEOUT_MS: wholeNumber(100, 600_000).default(30_000),
  UPLOAD_TIMEOUT_MS: wholeNumber(100, 3_600_000).default(120_000),
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber(1000, 600_000).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WEB_DIST_DIR: z.string().min(1).default(webDistDefault),
});

export type Config = Readonly<{
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicOrigin: string;
  dataDir: string;
  /** The embedded database flushes every commit to disk (fsync); false trades that for speed. */
  embeddedDbDurable: boolean;
  databaseUrl: string | undefined;
  /** Pool size and time limits on PostgreSQL (unused on the embedded database). */
  database: PostgresLimits;
  /**
   * How long a client may take to send a request: its headers, then its body (an upload's body,
   * once an admin's upload is let in); past them the connection is cut (plugins/slow-clients.ts).
   * An idle keep-alive connection is closed after `keepAliveMs`.
   */
  timeouts: SlowClientTimeouts;
  /** Rate-limit counters shared by every instance; in memory per instance when unset. */
  redisUrl: string | undefined;
  /**
   * Whose X-Forwarded-For to believe for the client's address (Fastify's trustProxy): every
   * sender, none (the default), or the proxies' addresses and CIDRs. Every limit keyed on the
   * client's address uses the address this yields.
   */
  trustProxy: boolean | string[];
  seedDemoData: boolean;
  /**
   * How cards are taken: Stripe when its keys are set; otherwise the built-in test processor
   * (on by default only when PUBLIC_ORIGIN is this machine, else only on purpose); otherwise
   * not at all.
   */
  payments: PaymentsConfig;
  /** Signs cookies and encrypts OAuth tokens; generated and kept in the database when unset outside production. */
  authSecret: string | undefined;
  adminEmails: readonly string[];
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** Origins allowed to send cookie-authenticated mutations besides PUBLIC_ORIGIN. */
  trustedOrigins: readonly string[];
  /** New accounts allowed per client address per hour. */
  signUpLimitPerHour: number;
  /** Contact-form messages allowed per client address per hour. */
  contactLimitPerHour: number;
  /**
   * Sign-in limits, per 15 minutes: failed attempts on one account (from anywhere), and failed
   * attempts from one client address (across every account); and how many password hashes
   * (argon2id) may run at once before more sign-ins are turned away at once.
   */
  signIn: { failuresPerAccount: number; failuresPerAddress: number; hashConcurrency: number };
  /** Reviews one buyer may post per hour. */
  reviewLimitPerHour: number;
  /**
   * How long an unpaid order holds its stock before it is cancelled (ms), and how many unpaid
   * orders one buyer may hold at once (0: no limit).
   */
  unpaidOrders: { holdMs: number; perBuyer: number };
  /**
   * Mail: sent over SMTP when `smtpUrl` is set, else composed and kept only (the outbox page
   * and, on this machine, the console show the links). `outboxPage`: admins may read the
   * outbox (on by default only where nobody else can reach the shop: it shows reset links).
   * `verification`: whether an unverified buyer may order.
   */
  mail: {
    smtpUrl: string | undefined;
    from: string;
    outboxPage: boolean;
    /** Print each message's links to the console when nothing sends it (this machine only). */
    printLinks: boolean;
    verification: 'optional' | 'required';
  };
  logLevel: string;
  logFormat: 'json' | 'pretty';
  webDistDir: string;
}>;

export type PaymentsConfig =
  { mode: 'stripe'; stripe: StripeConfig } | { mode: 'test' } | { mode: 'disabled' };

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Another Stripe API base URL than https://api.stripe.com: a local stand-in, in tests. */
  apiUrl: string | undefined;
  /** Keys that start sk_live_/pk_live_: real money. */
  live: boolean;
}

/** Thrown for a bad setting; main prints its message as one line and exits 1. */
export class ConfigError extends Error {}

/** Parses the environment once. Throws ConfigError naming every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      const secret = key.endsWith('_URL') || key.includes('SECRET');
      const shown = secret ? '' : ` (got ${JSON.stringify(env[key])})`;
      return `${key} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration: AUTH_SECRET is required when NODE_ENV=production (at least 32 characters, e.g. openssl rand -hex 32)',
    );
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither',
    );
  }
  if (e.HEADERS_TIMEOUT_MS > e.BODY_TIMEOUT_MS || e.BODY_TIMEOUT_MS > e.UPLOAD_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration: HEADERS_TIMEOUT_MS, BODY_TIMEOUT_MS and UPLOAD_TIMEOUT_MS must each be at most the next',
    );
  }
  const publicOrigin = e.PUBLIC_ORIGIN
    ? new URL(e.PUBLIC_ORIGIN).origin
    : `http://localhost:${e.PORT}`;
  const loopback = isLoopbackOrigin(publicOrigin);
  const payments = paymentsConfig(e, loopback);
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicOrigin,
    dataDir: path.resolve(e.DATA_DIR),
    embeddedDbDurable: e.EMBEDDED_DB_DURABLE,
    databaseUrl: e.DATABASE_URL,
    database: {
      poolSize: e.DATABASE_POOL_SIZE,
      statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
    },
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      bodyMs: e.BODY_TIMEOUT_MS,
      uploadMs: e.UPLOAD_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
    redisUrl: e.REDIS_URL,
    // Off unless set: a client that reaches the server directly could otherwise choose its own
    // address in X-Forwarded-For, and with it escape every limit keyed on the address.
    trustProxy: e.TRUST_PROXY ?? false,
    seedDemoData: e.SEED_DEMO_DATA,
    payments,
    authSecret: e.AUTH_SECRET,
    adminEmails: e.ADMIN_EMAILS,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.GOOGLE_ISSUER.replace(/\/$/, ''),
          }
        : undefined,
    signUpLimitPerHour: e.SIGN_UP_LIMIT_PER_HOUR,
    contactLimitPerHour: e.CONTACT_LIMIT_PER_HOUR,
    signIn: {
      failuresPerAccount: e.SIGN_IN_FAILURES_PER_ACCOUNT,
      failuresPerAddress: e.SIGN_IN_FAILURES_PER_ADDRESS,
      hashConcurrency: e.PASSWORD_HASH_CONCURRENCY ?? Math.max(2, availableParallelism()),
    },
    reviewLimitPerHour: e.REVIEW_LIMIT_PER_HOUR,
    unpaidOrders: { holdMs: e.UNPAID_ORDER_HOLD, perBuyer: e.UNPAID_ORDERS_PER_BUYER },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Toolyard <no-reply@${new URL(publicOrigin).hostname}>`,
      outboxPage: e.MAIL_OUTBOX_PAGE ?? loopback,
      printLinks: !e.SMTP_URL && loopback && e.LOG_LEVEL !== 'silent',
      verification: e.EMAIL_VERIFICATION,
    },
    trustedOrigins: [
      ...e.TRUSTED_ORIGINS,
      // Without a public origin the shop runs on this machine, where people reach it by
      // 127.0.0.1 as often as by localhost: both are this server.
      ...(e.PUBLIC_ORIGIN ? [] : [`http://127.0.0.1:${e.PORT}`, `http://[::1]:${e.PORT}`]),
      // The Vite dev server proxies the API from its own origin.
      ...(e.NODE_ENV === 'development' ? ['http://localhost:5173'] : []),
    ],
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
  });
}

/** True for an origin only this machine reaches: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackOrigin(origin: string): boolean {
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

function paymentsConfig(e: z.infer<typeof envSchema>, loopback: boolean): PaymentsConfig {
  const keys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (keys.some(Boolean) && !keys.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration: set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none',
    );
  }
  if (e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET) {
    const live = e.STRIPE_SECRET_KEY.includes('_live_');
    if (live !== e.STRIPE_PUBLISHABLE_KEY.startsWith('pk_live_')) {
      throw new ConfigError(
        'Invalid configuration: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys',
      );
    }
    if (e.PAYMENTS_TEST_MODE) {
      throw new ConfigError(
        'Invalid configuration: PAYMENTS_TEST_MODE=true and Stripe keys are both set; choose one (Stripe test keys already take no real money)',
      );
    }
    return {
      mode: 'stripe',
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        apiUrl: e.STRIPE_API_URL,
        live,
      },
    };
  }
  // Test cards take no money: on by default only where nobody else can reach the shop.
  return (e.PAYMENTS_TEST_MODE ?? loopback) ? { mode: 'test' } : { mode: 'disabled' };
}

const TRUST_PROXY_MESSAGE =
  'must be true, false, or comma-separated proxy addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8)';
// Fastify 5 takes a number of hops as "trust no proxy" (a direct client could otherwise claim
// any address), so a count would silently do nothing: the proxies must be named.
const TRUST_PROXY_HOPS_MESSAGE =
  'must name the proxies (addresses or CIDRs, e.g. 127.0.0.1), not a number of hops, which Fastify takes as trusting none';
// proxy-addr's names for address ranges, which Fastify's trustProxy accepts as well.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(value: string, ctx: z.RefinementCtx): boolean | string[] {
  const v = value.trim().toLowerCase();
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^\d+$/.test(v)) {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_HOPS_MESSAGE });
    return z.NEVER;
  }
  const list = v
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (list.length > 0 && list.every(isProxyAddress)) return list;
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
  return z.NEVER;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const DURATION_MESSAGE = 'must be a duration such as 30m, 24h or 2d (s, m, h or d)';
const DURATION_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "90s", "30m", "24h", "2d": milliseconds, at least a second and at most a year. */
function parseDuration(value: string, ctx: z.RefinementCtx): number {
  const match = /^\s*(\d+)\s*([smhd])\s*$/i.exec(value);
  const ms = match ? Number(match[1]) * (DURATION_UNITS[(match[2] ?? '').toLowerCase()] ?? 0) : NaN;
  if (!(ms >= 1000 && ms <= 366 * 86_400_000)) {
    ctx.addIssue({ code: 'custom', message: DURATION_MESSAGE });
    return z.NEVER;
  }
  return ms;
}

/** `PORT=` in a shell means "not set", not "set to nothing". */
function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
}

/** A connection URL safe to print: the password is masked. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}
