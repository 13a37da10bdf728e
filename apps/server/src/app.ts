import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.js';
import type { ChangeFeed } from './db/change-feed.js';
import type { Database } from './db/client.js';
import { causeOf, summarizeError } from './db/outage.js';
import { createAuth, type Auth } from './modules/auth/auth.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { resolveAuthSecret } from './modules/auth/auth-secret.js';
import { createSessionGuards } from './modules/auth/session.js';
import { createCartRepository } from './modules/cart/cart.repository.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { createCartService } from './modules/cart/cart.service.js';
import { createCatalogRepository } from './modules/catalog/catalog.repository.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { createContactRepository } from './modules/contact/contact.repository.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { createContactService } from './modules/contact/contact.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { createIdempotencyRepository } from './modules/idempotency/idempotency.repository.js';
import { createIdempotency } from './modules/idempotency/idempotency.service.js';
import { imagesRoutes } from './modules/images/images.routes.js';
import { createMailer, type Mailer, type MailerOptions } from './modules/mail/mailer.js';
import { outboxRoutes } from './modules/mail/outbox.routes.js';
import { checkoutRoutes } from './modules/orders/checkout.routes.js';
import { createCheckoutService } from './modules/orders/checkout.service.js';
import { createOrderLifeRepository } from './modules/orders/order-life.repository.js';
import { createOrdersRepository } from './modules/orders/orders.repository.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { createOrdersService } from './modules/orders/orders.service.js';
import { createUnpaidHold, type UnpaidHold } from './modules/orders/unpaid-hold.js';
import { createPaymentProvider } from './modules/payments/payment-provider.js';
import { createPaymentsRepository } from './modules/payments/payments.repository.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { createPaymentsService } from './modules/payments/payments.service.js';
import { createReviewsRepository } from './modules/reviews/reviews.repository.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { createUsersRepository } from './modules/users/users.repository.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createUsersService } from './modules/users/users.service.js';
import { csrfPlugin } from './plugins/csrf.js';
import { gracefulDrainPlugin } from './plugins/graceful-drain.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { connectRedis } from './plugins/redis.js';
import { createThrottledLog, errorsPlugin, sendError } from './plugins/errors.js';
import { loggedPath } from './plugins/request-log.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { slowClientServerOptions, slowClientsPlugin } from './plugins/slow-clients.js';
import { createJsonCache } from './plugins/json-cache.js';
import { webAppPlugin } from './plugins/web-app.js';

// A check without a message of its own answers in zod's English ("Too small: expected number to
// be >=1"). The shared schemas are zod/mini, which installs no locale (classic zod does, when it
// builds its first schema), so the API's field messages must not depend on which schema is built
// first.
z.config(z.locales.en());

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Mail transport and worker timings other than the configuration's (tests). */
  mail?: Pick<MailerOptions, 'transport' | 'worker'>;
}

/** Builds the whole server; the caller owns the database and closes it after `app.close()`. */
export async function buildApp({ config, database, logger = false, mail }: BuildAppOptions) {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A client trickling its headers or body is cut off (plugins/slow-clients.ts).
    ...slowClientServerOptions(config.timeouts),
    // A request that reaches a closing server came on a connection it had accepted: it is
    // answered, with Connection: close, rather than refused (plugins/graceful-drain.ts).
    return503OnClosing: false,
    // One line per request (below) instead of Fastify's two: half the logging per request.
    logController: new LogController({ disableRequestLogging: true }),
    // A path Fastify cannot route (bad percent-encoding, a parameter past 100 characters) is
    // refused before any handler, in the API's error shape rather than Fastify's own.
    frameworkErrors: (_error, _request, reply) => {
      void sendError(reply, 400, {
        error: 'invalid_input',
        message: 'The address of this request is not valid.',
      });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        // The path alone (query strings carry search words and buyers' emails), its tokens and
        // addresses named, not shown.
        url: loggedPath(request),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(gracefulDrainPlugin);
  await app.register(slowClientsPlugin, config.timeouts);
  // Stripe Elements runs Stripe's script and frames, which talk to Stripe's API.
  const stripe = config.payments.mode === 'stripe';
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'https:'],
        'upgrade-insecure-requests': config.publicOrigin.startsWith('https:') ? [] : null,
        ...(stripe
          ? {
              'script-src': ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
              'frame-src': [
                'https://js.stripe.com',
                'https://*.js.stripe.com',
                'https://hooks.stripe.com',
              ],
              'connect-src': ["'self'", 'https://api.stripe.com'],
            }
          : {}),
      },
    },
    strictTransportSecurity: config.publicOrigin.startsWith('https:'),
  });
  await app.register(compress, { global: true, threshold: 1024 });
  // Limits are declared per route (sign-in, sign-up, ...). Counters live in Redis when it is
  // configured, so every instance counts together; a Redis outage lets requests through
  // (skipOnError), each within the client's command timeout.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.client, nameSpace: 'toolyard-rate-limit:', skipOnError: true } : {}),
  });
  await app.register(csrfPlugin, {
    trustedOrigins: [config.publicOrigin, ...config.trustedOrigins],
  });

  // Mail goes through the outbox: written with the event, delivered by a worker on every
  // instance, each message once (ADR 017).
  const mailer = createMailer({ config, db: database.db, log: app.log, ...mail });
  app.addHook('onListen', async () => mailer.worker.start());
  app.addHook('onClose', async () => {
    await mailer.worker.stop();
    mailer.transport.close();
  });
  const authLog = createThrottledLog();
  const auth = createAuth({
    config,
    db: database.db,
    enqueueMail: mailer.enqueue,
    secret: await resolveAuthSecret(config, database.db),
    // Better Auth logs per request (a session it could not read in an outage, a stranger's bad
    // callback or password): its lines follow the rule the error handler's do, one per cause
    // every few seconds.
    log: (level, line) =>
      authLog.write(
        app.log,
        level === 'success' ? 'info' : level,
        [level, line.message.replace(/[0-9]+/g, '#'), ...line.errors.map(causeOf)].join('|'),
        { auth: line.errors },
        `Better Auth: ${line.message}`,
      ),
  });
  // Caches in this process learn of changes made here or on any other instance (ADR 008).
  const changes = await database.openChangeFeed((err) =>
    app.log.warn(
      { err: summarizeError(err) },
      'the change feed lost its database connection; reconnecting',
    ),
  );
  app.addHook('onClose', async () => changes.close());
  const guards = createSessionGuards(auth, changes);
  const catalog = createCatalogRepository(database.db);
  const reviews = createReviewsRepository(database.db);
  const usersRepo = createUsersRepository(database.db);
  const users = createUsersService(usersRepo, changes);
  // The orders module's writer of status changes, which payments call too.
  const orderLife = createOrderLifeRepository(database.db);
  const payments = createPaymentsService({
    repo: createPaymentsRepository(database.db),
    orders: orderLife,
    provider: createPaymentProvider(config.payments),
    log: app.log,
    changes,
  });
  const contact = createContactService(createContactRepository(database.db));
  const { holdMs, perBuyer } = config.unpaidOrders;
  const ordersRepo = createOrdersRepository(database.db, {
    unpaidPerBuyer: perBuyer === 0 ? undefined : perBuyer,
    holdMs,
  });
  const orders = createOrdersService(ordersRepo, {
    life: orderLife,
    onCancelled: (orderId) => payments.releaseOrder(orderId),
    changes,
    requireVerifiedEmail: config.mail.verification === 'required',
  });
  const cartRepo = createCartRepository(database.db);
  const cart = createCartService(cartRepo);
  const checkout = createCheckoutService(
    { orders: ordersRepo, cart: cartRepo, cartService: cart },
    { changes, requireVerifiedEmail: config.mail.verification === 'required' },
  );
  // After the server has answered its last request (and before the database closes): the
  // batch being committed, and any order a cut connection left queued, are placed first.
  app.addHook('onClose', async () => orders.settled());
  // Unpaid orders whose hold has ended are cancelled and restocked: every instance runs the
  // job each minute, and an advisory lock lets one at a time at it (modules/orders/unpaid-hold.ts).
  const unpaidHold = createUnpaidHold({
    db: database.db,
    log: app.log,
    changes,
    onCancelled: (orderId) => payments.releaseOrder(orderId),
  });
  app.addHook('onListen', async () => unpaidHold.start());
  app.addHook('onClose', async () => unpaidHold.stop());
  const idempotency = createIdempotency(createIdempotencyRepository(database.db));
  const pruneKeys = setInterval(() => void idempotency.prune().catch(() => {}), 60 * 60 * 1000);
  pruneKeys.unref();
  app.addHook('onClose', async () => clearInterval(pruneKeys));
  const productCache = createJsonCache(changes, { topic: 'products' });
  const reviewCache = createJsonCache(changes, { topic: 'reviews' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { database, redis });
      await api.register(catalogRoutes, {
        catalog,
        guards,
        cache: productCache,
        changes,
      });
      await api.register(reviewsRoutes, {
        reviews,
        guards,
        cache: reviewCache,
        changes,
        limitPerHour: config.reviewLimitPerHour,
      });
      await api.register(ordersRoutes, { guards, orders, idempotency });
      await api.register(cartRoutes, { guards, cart });
      await api.register(checkoutRoutes, { guards, checkout, idempotency });
      await api.register(imagesRoutes, { db: database.db, guards });
      await api.register(paymentsRoutes, { guards, payments, idempotency });
      await api.register(authRoutes, {
        auth,
        config,
        changes,
        db: database.db,
        enqueueMail: mailer.enqueue,
        redis: redis?.client,
      });
      if (config.mail.outboxPage) await api.register(outboxRoutes, { repo: mailer.repo, guards });
      await api.register(usersRoutes, { guards, users, repo: usersRepo });
      await api.register(contactRoutes, {
        contact,
        guards,
        limitPerHour: config.contactLimitPerHour,
      });
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, {
    root: config.webDistDir,
    catalog,
    publicOrigin: config.publicOrigin,
    changes,
  });
  app.decorate('auth', auth);
  app.decorate('changes', changes);
  app.decorate('unpaidHold', unpaidHold);
  app.decorate('mailer', mailer);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The Better Auth instance, for start-up tasks (demo accounts) and tests. */
    auth: Auth;
    /** Tells this and every other instance what changed (start-up seeding, tests). */
    changes: ChangeFeed;
    /** Cancels unpaid orders past their hold (on a timer once listening; tests run it). */
    unpaidHold: UnpaidHold;
    /** The outbox and its worker (delivering on a timer once listening; tests run it). */
    mailer: Mailer;
  }
}
