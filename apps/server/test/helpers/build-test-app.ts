import { fileURLToPath } from 'node:url';
import type { FastifyServerOptions } from 'fastify';
import { buildApp, type App, type BuildAppOptions } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { seedDemoData } from '../../src/db/seed.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

// Deliberately never created: by default the app runs as "API only, web app not built".
const noWebDist = fileURLToPath(new URL('./no-web-dist', import.meta.url));

export interface TestApp {
  app: App;
  database: TestDatabase;
  /** Closes the app, then the database (and drops it on PostgreSQL). */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Seed the demo catalog and reviews first. */
  seed?: boolean;
  /** Folder of a built web app; defaults to one that does not exist. */
  webDistDir?: string;
  /** Extra settings, as environment variables (ADMIN_EMAILS, GOOGLE_CLIENT_ID, ...). */
  env?: Record<string, string>;
  /** Captures the app's log; silent by default. */
  logger?: FastifyServerOptions['logger'];
  /** A mail transport and worker timings of the test's own (an SMTP stand-in, short retries). */
  mail?: BuildAppOptions['mail'];
}

/** Builds the whole app on a fresh database; call once per file in beforeAll, close in afterAll. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  if (options.seed) {
    try {
      await seedDemoData(database.db);
    } catch (err) {
      await database.close();
      throw err;
    }
  }
  return startOn(database, options);
}

function testConfig(options: TestAppOptions) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: options.webDistDir ?? noWebDist,
    // Every test request comes from one address; the limit itself is tested on its own.
    SIGN_UP_LIMIT_PER_HOUR: '100000',
    CONTACT_LIMIT_PER_HOUR: '100000',
    // Tests place many unpaid orders as one buyer; the cap itself is tested on its own.
    UNPAID_ORDERS_PER_BUYER: '1000000',
    ...options.env,
  });
}

/**
 * Another instance of the app on the first one's PostgreSQL database, with its own pool and
 * change feed, as a second server behind a load balancer would be. close() leaves the
 * database to the first.
 */
export async function buildSecondInstance(
  first: TestApp,
  options: Pick<TestAppOptions, 'env'> = {},
): Promise<TestApp> {
  if (!first.database.url) throw new Error('a second instance needs PostgreSQL');
  return buildInstanceAt(first.database.url, options);
}

/**
 * Another instance of the app on the first one's database: on PostgreSQL with its own pool
 * (buildSecondInstance), on the embedded database sharing its one connection. close() leaves
 * the database to the first.
 */
export async function buildInstanceBeside(
  first: TestApp,
  options: Pick<TestAppOptions, 'env' | 'logger' | 'mail'> = {},
): Promise<TestApp> {
  if (first.database.url) return buildInstanceAt(first.database.url, options);
  const app = await buildApp({
    config: testConfig(options),
    database: first.database,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
  });
  await app.ready();
  return { app, database: first.database, close: () => app.close() };
}

/**
 * The app on the PostgreSQL database at `url` (already migrated), e.g. through a proxy or on
 * a server the test stops and starts; `logger` captures its log. close() leaves the database.
 */
export async function buildInstanceAt(
  url: string,
  options: Pick<TestAppOptions, 'env' | 'mail'> & {
    logger?: FastifyServerOptions['logger'];
  } = {},
): Promise<TestApp> {
  const config = testConfig(options);
  const database = await openDatabase({ kind: 'postgres', url, ...config.database });
  return startOn(database, options);
}

/** Starts the app on an open database; the returned close() closes both. */
async function startOn(
  database: TestApp['database'],
  options: Pick<TestAppOptions, 'env' | 'webDistDir' | 'mail'> & {
    logger?: FastifyServerOptions['logger'];
  },
): Promise<TestApp> {
  try {
    const app = await buildApp({
      config: testConfig(options),
      database,
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.mail ? { mail: options.mail } : {}),
    });
    await app.ready();
    return {
      app,
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
