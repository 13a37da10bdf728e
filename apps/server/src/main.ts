import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, isLoopbackOrigin, loadConfig, type Config } from './config.js';
import { openDatabaseFromConfig } from './db/open-from-config.js';
import { summarizeError } from './db/outage.js';
import { StartupError } from './startup-error.js';
import { seedDemoData } from './db/seed.js';
import {
  countOwnAdmins,
  DEMO_ACCOUNTS,
  demoAccountsAllowed,
  disableDemoAccounts,
  hasDemoAccounts,
  seedDemoAccounts,
} from './modules/auth/demo-accounts.js';

async function main() {
  const config = loadConfig();
  const database = await openDatabaseFromConfig(config);
  const logger = loggerOptions(config);
  const app = await buildApp({ config, database, logger });
  const demoAllowed = demoAccountsAllowed(config);

  if (config.seedDemoData) {
    const result = await seedDemoData(database.db);
    if (result.seeded) {
      app.changes.publish('products', 'reviews');
      app.log.info(result, 'seeded the demo catalog into the empty database');
    }
    if (demoAllowed) await seedDemoAccounts(app.auth, database.db);
  }
  // A known password must not outlive the development start that made it.
  const disabled = demoAllowed ? [] : await disableDemoAccounts(database.db);

  // Bounded: taking waiting connections (≤ 4 s) and answering open ones (≤ 6 s) fit in the
  // delay, after which the process exits 1 (plugins/graceful-drain.ts, ADR 014).
  closeWithGrace({ delay: 15_000, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err: summarizeError(err) }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Background work first (mail being composed, the unpaid hold): the requests in flight get
    // the whole instance, and what the jobs had not started is left to the other instances.
    await Promise.all([app.mailer.worker.stop(), app.unpaidHold.stop()]);
    await app.stopAccepting();
    await app.close();
    await database.close();
    app.log.info('closed the server and the database');
  });

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, location: database.location },
    `Toolyard is ready at ${config.publicOrigin}`,
  );
  if (database.embedded && !database.embedded.durable) {
    const why = config.embeddedDbDurable
      ? 'this PGlite cannot flush to disk'
      : 'EMBEDDED_DB_DURABLE=false';
    app.log.warn(
      `The embedded database is not durable (${why}): an OS crash or a power loss can lose the last orders placed or corrupt ${database.location}`,
    );
  }
  if (disabled.length > 0) {
    app.log.warn(
      `Disabled the demo accounts ${disabled.join(', ')} (banned, signed out, password removed): they are for development on this machine only`,
    );
  }
  if (demoAllowed && (await hasDemoAccounts(database.db))) {
    const list = DEMO_ACCOUNTS.map(
      (a) => `${a.email} / ${a.password} (${a.role === 'admin' ? 'admin' : 'buyer'})`,
    ).join(', ');
    app.log.info(`Demo accounts on the embedded database: ${list}`);
  }
  logPaymentsMode(app.log, config);
  logMailMode(app.log, config);
  if ((await countOwnAdmins(database.db)) === 0) {
    app.log.warn(
      'There is no admin of your own yet. Set ADMIN_EMAILS=you@example.com (admin once that address is confirmed by its mailed link), or sign up, follow the link mailed to confirm your address, and run: npm run user:admin -- you@example.com',
    );
  }
  // What the start said is out at once, not when the next 4 KB of lines or second comes.
  logger.stream?.flush();
}

/** Every start says where mail goes; a production shop with nowhere to send it is warned. */
function logMailMode(log: FastifyBaseLogger, config: Config) {
  const { mail } = config;
  if (mail.smtpUrl) {
    log.info(`Mail: sent over SMTP to ${new URL(mail.smtpUrl).host}, from ${mail.from}`);
    return;
  }
  const where = [
    mail.outboxPage ? 'admins read them at /dashboard/outbox' : '',
    mail.printLinks ? 'their links are printed here' : '',
  ].filter(Boolean);
  log[config.nodeEnv === 'production' ? 'warn' : 'info'](
    `Mail: no SMTP_URL, so messages are kept in the outbox and not sent${where.length ? `; ${where.join(', and ')}` : ''}`,
  );
}

/** Every start says how cards are taken, and warns when that is not real money in production. */
function logPaymentsMode(log: FastifyBaseLogger, config: Config) {
  const production = config.nodeEnv === 'production';
  const { payments } = config;
  if (payments.mode === 'stripe') {
    const live = payments.stripe.live;
    log[production && !live ? 'warn' : 'info'](
      live
        ? 'Card payments go through Stripe with LIVE keys: real money moves'
        : 'Card payments go through Stripe with test keys: no real money moves',
    );
    if (payments.stripe.apiUrl) log.warn(`Stripe API calls go to ${payments.stripe.apiUrl}`);
  } else if (payments.mode === 'test') {
    const reachable = !isLoopbackOrigin(config.publicOrigin);
    log[production || reachable ? 'warn' : 'info'](
      reachable
        ? `Card payments run in TEST MODE at ${config.publicOrigin} (PAYMENTS_TEST_MODE=true): anyone can pay for orders with test cards such as 4242 4242 4242 4242; no money moves`
        : 'Card payments run in TEST MODE: use Stripe test cards such as 4242 4242 4242 4242; no money moves',
    );
  } else {
    log.warn(
      isLoopbackOrigin(config.publicOrigin)
        ? 'Card payments are off: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_TEST_MODE=true'
        : `Card payments are off: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET; test cards are off by default at ${config.publicOrigin}, PAYMENTS_TEST_MODE=true turns them on`,
    );
  }
}

function loggerOptions(config: Config): pino.LoggerOptions & {
  stream?: ReturnType<typeof pino.destination>;
} {
  if (config.logFormat === 'pretty') {
    return {
      level: config.logLevel,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      },
    };
  }
  // Lines are written without blocking the request that logs them, 4 KB at a time: under load
  // one write carries some 30 requests' lines, where a write per line or two cost a tenth of
  // GET /api/tool's CPU. A quiet server's lines still go out within a second, and pino writes
  // what is left when the process exits; a SIGKILL can lose the last second's (pino's
  // "asynchronous logging").
  return {
    level: config.logLevel,
    stream: pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }),
  };
}

main().catch((err: unknown) => {
  // Expected start-up failures get one readable line, not a stack trace.
  if (err instanceof ConfigError || err instanceof StartupError) {
    console.error(`toolyard: ${err.message}`);
  } else if (isAddressInUse(err)) {
    console.error(`toolyard: ${err.message}; set PORT to a free port`);
  } else {
    console.error('toolyard: failed to start:', err);
  }
  process.exit(1);
});

function isAddressInUse(err: unknown): err is NodeJS.ErrnoException {
  return (err as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
}
