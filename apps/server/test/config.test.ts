import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from '../src/config.js';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('falls back to the embedded defaults', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicOrigin: 'http://localhost:3000',
      seedDemoData: true,
      contactLimitPerHour: 5,
      logLevel: 'info',
    });
  });

  it('reads the settings it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://shop:pw@db.internal:5432/toolyard',
      PUBLIC_ORIGIN: 'https://shop.example.com/some/path',
      SEED_DEMO_DATA: 'false',
      DATA_DIR: '/var/lib/toolyard',
    });

    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://shop:pw@db.internal:5432/toolyard',
      publicOrigin: 'https://shop.example.com',
      seedDemoData: false,
      dataDir: '/var/lib/toolyard',
    });
  });

  it('bounds every wait on PostgreSQL, by default and as set', () => {
    expect(loadConfig({}).database).toEqual({
      poolSize: 10,
      statementTimeoutMs: 5000,
      connectTimeoutMs: 3000,
    });
    expect(
      loadConfig({
        DATABASE_POOL_SIZE: '25',
        DATABASE_STATEMENT_TIMEOUT_MS: '15000',
        DATABASE_CONNECT_TIMEOUT_MS: '500',
      }).database,
    ).toEqual({ poolSize: 25, statementTimeoutMs: 15_000, connectTimeoutMs: 500 });
  });

  it('derives the public origin from PORT', () => {
    expect(loadConfig({ PORT: '4100' }).publicOrigin).toBe('http://localhost:4100');
  });

  it('trusts X-Forwarded-For only as TRUST_PROXY says, in production too', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig(production).trustProxy).toBe(false);
    expect(loadConfig({ ...production, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);

    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1,nginx', '-1', ',']) {
      expect(configError({ TRUST_PROXY: bad }).message).toBe(
        `Invalid configuration: TRUST_PROXY must be true, false, or comma-separated proxy addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8) (got ${JSON.stringify(bad)})`,
      );
    }
    // Fastify takes a hop count as trusting no proxy: refused rather than silently ignored.
    expect(configError({ TRUST_PROXY: '1' }).message).toMatch(
      /^Invalid configuration: TRUST_PROXY must name the proxies .*not a number of hops/,
    );
  });

  it('trusts 127.0.0.1 and [::1] as well as localhost only while there is no public origin', () => {
    expect(loadConfig({ PORT: '4100' }).trustedOrigins).toEqual(
      expect.arrayContaining(['http://127.0.0.1:4100', 'http://[::1]:4100']),
    );
    const deployed = loadConfig({ PORT: '4100', PUBLIC_ORIGIN: 'https://shop.example.com' });
    // (localhost:5173, the Vite dev server, stays trusted in development.)
    expect(deployed.trustedOrigins).not.toContain('http://127.0.0.1:4100');
    expect(deployed.trustedOrigins).not.toContain('http://[::1]:4100');
  });

  it('reads the abuse limits and the unpaid-order hold, with safe defaults', () => {
    const defaults = loadConfig({});
    // Half an hour, as shops that reserve stock at checkout hold it (ADR 022).
    expect(defaults.unpaidOrders).toEqual({ holdMs: 30 * 60_000, perBuyer: 10 });
    expect(defaults.reviewLimitPerHour).toBe(5);
    expect(defaults.signIn).toMatchObject({ failuresPerAccount: 10, failuresPerAddress: 50 });
    expect(defaults.signIn.hashConcurrency).toBeGreaterThanOrEqual(2);
    const set = loadConfig({
      UNPAID_ORDER_HOLD: '45m',
      UNPAID_ORDERS_PER_BUYER: '3',
      PASSWORD_HASH_CONCURRENCY: '1',
    });
    expect(set.unpaidOrders).toEqual({ holdMs: 45 * 60_000, perBuyer: 3 });
    expect(set.signIn.hashConcurrency).toBe(1);
    expect(loadConfig({ UNPAID_ORDER_HOLD: '2d' }).unpaidOrders.holdMs).toBe(2 * 86_400_000);
    // 0 turns the cap off (a shop that wants none; the bench).
    expect(loadConfig({ UNPAID_ORDERS_PER_BUYER: '0' }).unpaidOrders.perBuyer).toBe(0);
    expect(configError({ UNPAID_ORDERS_PER_BUYER: '-1' }).message).toMatch(/from 0 to 1000000/);
    for (const bad of ['24', 'forever', '0s', '400d', '1.5h']) {
      expect(configError({ UNPAID_ORDER_HOLD: bad }).message).toBe(
        `Invalid configuration: UNPAID_ORDER_HOLD must be a duration such as 30m, 24h or 2d (s, m, h or d) (got ${JSON.stringify(bad)})`,
      );
    }
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({
      PORT: '',
      HOST: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      PUBLIC_ORIGIN: '',
      SEED_DEMO_DATA: '',
    });

    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicOrigin: 'http://localhost:3000',
      seedDemoData: true,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '0'],
    ['PORT', '3000.5'],
    ['DATABASE_URL', 'mysql://x'],
    ['SEED_DEMO_DATA', 'maybe'],
    ['PUBLIC_ORIGIN', 'ftp://shop.example.com'],
    ['LOG_LEVEL', 'loud'],
    ['CONTACT_LIMIT_PER_HOUR', '0'],
    ['CONTACT_LIMIT_PER_HOUR', 'many'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_STATEMENT_TIMEOUT_MS', 'soon'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '10'],
  ])('refuses %s=%s with one line naming the variable', (name, value) => {
    const err = configError({ [name]: value });

    expect(err.message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
    expect(err.message).not.toContain('\n');
  });

  it('names every bad setting in the one line', () => {
    const err = configError({ PORT: 'abc', SEED_DEMO_DATA: 'maybe' });

    expect(err.message).toContain('PORT');
    expect(err.message).toContain('SEED_DEMO_DATA');
    expect(err.message).not.toContain('\n');
  });

  it('never shows the password of a bad DATABASE_URL', () => {
    const err = configError({ DATABASE_URL: 'mysql://shop:hunter2secret@db.internal/toolyard' });

    expect(err.message).toContain('DATABASE_URL');
    expect(err.message).not.toContain('hunter2secret');
  });
});

describe('redactUrl', () => {
  it('masks the password', () => {
    const shown = redactUrl('postgres://shop:hunter2secret@db.internal:5432/toolyard');

    expect(shown).toBe('postgres://shop:***@db.internal:5432/toolyard');
  });

  it('leaves a URL without a password as it is', () => {
    expect(redactUrl('postgres://postgres@127.0.0.1:5432/test')).toBe(
      'postgres://postgres@127.0.0.1:5432/test',
    );
  });

  it('shows nothing of a URL it cannot parse', () => {
    expect(redactUrl('not a url with hunter2secret')).toBe('(unparseable URL)');
  });
});

describe('payments configuration', () => {
  const stripeKeys = {
    STRIPE_SECRET_KEY: 'sk_test_51abcDEF',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51abcDEF',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  };

  it('uses test cards by default only on this machine, and Stripe when its keys are set', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(loadConfig({}).payments).toEqual({ mode: 'test' });
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:8080', 'http://localhost']) {
      expect(loadConfig({ ...production, PUBLIC_ORIGIN: origin }).payments).toEqual({
        mode: 'test',
      });
    }
    for (const origin of ['https://shop.example.com', 'http://192.168.1.20:3000']) {
      expect(loadConfig({ PUBLIC_ORIGIN: origin }).payments).toEqual({ mode: 'disabled' });
      expect(loadConfig({ PUBLIC_ORIGIN: origin, PAYMENTS_TEST_MODE: 'true' }).payments).toEqual({
        mode: 'test',
      });
    }
    expect(loadConfig({ PAYMENTS_TEST_MODE: 'false' }).payments).toEqual({ mode: 'disabled' });
    expect(loadConfig(stripeKeys).payments).toEqual({
      mode: 'stripe',
      stripe: {
        secretKey: 'sk_test_51abcDEF',
        publishableKey: 'pk_test_51abcDEF',
        webhookSecret: 'whsec_abc123',
        apiUrl: undefined,
        live: false,
      },
    });
  });

  it('refuses half a Stripe configuration, mixed test and live keys, or Stripe with test mode', () => {
    expect(configError({ STRIPE_SECRET_KEY: 'sk_test_1' }).message).toMatch(
      /set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(
      configError({ ...stripeKeys, STRIPE_PUBLISHABLE_KEY: 'pk_live_51abcDEF' }).message,
    ).toMatch(/both be test keys or both be live keys/);
    expect(configError({ ...stripeKeys, PAYMENTS_TEST_MODE: 'true' }).message).toMatch(
      /choose one/,
    );
  });

  it('names a malformed key without printing the secret', () => {
    const message = configError({
      ...stripeKeys,
      STRIPE_SECRET_KEY: 'pk_test_oops_secret',
    }).message;
    expect(message).toMatch(/STRIPE_SECRET_KEY must be a Stripe secret key/);
    expect(message).not.toContain('oops_secret');
    expect(configError({ ...stripeKeys, STRIPE_WEBHOOK_SECRET: 'nope' }).message).toMatch(
      /STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret/,
    );
  });
});
