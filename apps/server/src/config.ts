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
  SEED_DEMO_DATA: z.stringbool({ error: 'must be true or false' }).default(true),
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
  seedDemoData: boolean;
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
      const shown = key === 'DATABASE_URL' ? '' : ` (got ${JSON.stringify(env[key])})`;
      return `${key} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return Object.freeze({
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicOrigin: e.PUBLIC_ORIGIN ? new URL(e.PUBLIC_ORIGIN).origin : `http://localhost:${e.PORT}`,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemoData: e.SEED_DEMO_DATA,
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
