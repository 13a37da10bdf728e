import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { z } from 'zod';

const webDistDefault = fileURLToPath(new URL('../../web/dist', import.meta.url));

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
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: 'must be a postgres:// or postgresql:// connection URL',
    })
    .optional(),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  PAYMENTS_TEST_MODE: z.stringbool({ error: 'must be true or false' }).optional(),
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
  databaseUrl: string | undefined;
  /** Rate-limit counters shared by every instance; in memory per instance when unset. */
  redisUrl: string | undefined;
  seedDemoData: boolean;
  /** The built-in test card processor: on by default, only on purpose in production. */
  paymentsTestMode: boolean;
  /** Signs cookies and encrypts OAuth tokens; generated and kept in the database when unset outside production. */
  authSecret: string | undefined;
  adminEmails: readonly string[];
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** Origins allowed to send cookie-authenticated mutations besides PUBLIC_ORIGIN. */
  trustedOrigins: readonly string[];
  /** New accounts allowed per client address per hour. */
  signUpLimitPerHour: number;
  logLevel: string;
  logFormat: 'json' | 'pretty';
  webDistDir: string;
}>;

/** Thrown for a bad setting; main prints its message as one line and exits 1. */
export class ConfigError extends Error {}

/** Parses the environment once. Throws ConfigError naming every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      const secret =
        key === 'DATABASE_URL' ||
        key === 'REDIS_URL' ||
        key === 'AUTH_SECRET' ||
        key.endsWith('_SECRET');
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
  const publicOrigin = e.PUBLIC_ORIGIN
    ? new URL(e.PUBLIC_ORIGIN).origin
    : `http://localhost:${e.PORT}`;
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicOrigin,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    seedDemoData: e.SEED_DEMO_DATA,
    paymentsTestMode: e.PAYMENTS_TEST_MODE ?? e.NODE_ENV !== 'production',
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
    trustedOrigins: [
      ...e.TRUSTED_ORIGINS,
      // The Vite dev server proxies the API from its own origin.
      ...(e.NODE_ENV === 'development' ? ['http://localhost:5173'] : []),
    ],
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json'),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
  });
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
