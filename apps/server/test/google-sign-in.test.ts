import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accounts, users } from '../src/db/schema.js';
import { startOidcStandIn, type OidcStandIn, type StandInUser } from './helpers/oidc-stand-in.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { followLink, mailedLink } from './helpers/accounts.js';
import { captureLog, type CapturedLog } from './helpers/log.js';

const ORIGIN = 'http://localhost:3000';
const CLIENT_ID = 'toolyard-test.apps.example';
const CLIENT_SECRET = 'stand-in-client-secret';
const CALLBACK_URI = `${ORIGIN}/api/auth/callback/google`;
const SESSION_COOKIE = 'better-auth.session_token';

/** The whole app on a fresh database, signing in for ORIGIN. */
const buildShop = (env: Record<string, string> = {}) =>
  buildTestApp({ env: { PUBLIC_ORIGIN: ORIGIN, ...env } });

/** A browser's cookies for the shop's origin. */
class CookieJar {
  readonly cookies = new Map<string, string>();

  take(res: LightMyRequestResponse): void {
    for (const c of res.cookies) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires <= new Date());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  header(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

let counter = 0;
const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

describe('Continue With Google, against a local stand-in OpenID provider', () => {
  let provider: OidcStandIn;
  let shop: TestApp;
  const fetchedUrls: string[] = [];

  beforeAll(async () => {
    provider = await startOidcStandIn({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [CALLBACK_URI],
    });
    // Every outgoing HTTP request made in this process (the server's discovery, JWKS and token
    // calls, and the test's own "browser" requests) is recorded, to show none goes to Google.
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      fetchedUrls.push(input instanceof Request ? input.url : String(input));
      return realFetch(input, init);
    });
    shop = await buildShop({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_ISSUER: provider.issuer,
    });
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await shop?.close();
    await provider?.close();
  });

  beforeEach(() => {
    provider.reset();
  });

  /**
   * Clicks "Continue With Google": the shop answers with the provider's authorization URL.
   * Better Auth 1.7 serves generic OAuth providers through /sign-in/social and /callback/:id
   * (there is no /sign-in/oauth2 any more).
   */
  async function startSignIn(jar: CookieJar) {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ORIGIN, ...cookieHeader(jar) },
      payload: { provider: 'google', callbackURL: '/allItems', errorCallbackURL: '/login' },
    });
    expect(res.statusCode, res.body).toBe(200);
    jar.take(res);
    const body = res.json<{ url: string; redirect: boolean }>();
    expect(body.redirect).toBe(true);
    return new URL(body.url);
  }

  /** The provider signs the configured user in, without UI, and redirects back to the shop. */
  async function authorize(url: URL): Promise<URL> {
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status, await res.clone().text()).toBe(302);
    return new URL(res.headers.get('location') ?? '');
  }

  /** The browser follows the provider's redirect to the shop's callback, with its cookies. */
  async function callback(back: URL, jar: CookieJar) {
    expect(back.origin + back.pathname).toBe(CALLBACK_URI);
    const res = await shop.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: cookieHeader(jar),
    });
    jar.take(res);
    return res;
  }

  /** The whole dance: sign-in, provider, callback. */
  async function signInWithGoogle(jar = new CookieJar()) {
    const authorizeUrl = await startSignIn(jar);
    const back = await authorize(authorizeUrl);
    const res = await callback(back, jar);
    return { jar, res, authorizeUrl, back };
  }

  async function sessionUser(jar: CookieJar) {
    const res = await shop.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: cookieHeader(jar),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ user: { id: string; email: string; name: string } } | null>();
    return body?.user ?? null;
  }

  function expectRefused(res: LightMyRequestResponse, jar: CookieJar, error: string | RegExp) {
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), ORIGIN);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('error')).toMatch(error);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
  }

  async function userByEmail(email: string) {
    const [user] = await shop.database.db.select().from(users).where(eq(users.email, email));
    return user;
  }

  async function accountsOf(userId: string) {
    return shop.database.db
      .select({ providerId: accounts.providerId, accountId: accounts.accountId })
      .from(accounts)
      .where(eq(accounts.userId, userId));
  }

  /** A password account; `verify` follows the link mailed to the address, as its owner would. */
  async function signUpWithPassword(email: string, name: string, { verify = true } = {}) {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name, email, password: 'correct horse battery' },
    });
    expect(res.statusCode, res.body).toBe(200);
    if (verify) await followLink(shop.app, await mailedLink(shop.app, email, 'account.verify'));
    const user = await userByEmail(email);
    if (!user) throw new Error('sign-up stored no user');
    return user;
  }

  function googleUser(overrides: Partial<StandInUser>): StandInUser {
    return {
      sub: `sub-${(counter++).toString(36)}-${Date.now().toString(36)}`,
      email: uniqueEmail('google'),
      email_verified: true,
      name: 'Ada Lovelace',
      picture: 'https://example.com/ada.png',
      ...overrides,
    };
  }

  it.each(['https://evil.example/x', '//evil.example/z'])(
    'refuses to send the browser back to a foreign callbackURL (%s)',
    async (callbackURL) => {
      const res = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: ORIGIN },
        payload: { provider: 'google', callbackURL, errorCallbackURL: '/login' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    },
  );

  it('signs a new Google user up and in, with state, PKCE and nonce, and lands on callbackURL', async () => {
    provider.user = googleUser({ name: 'Ada Lovelace' });
    const { jar, res, authorizeUrl, back } = await signInWithGoogle();

    // The shop sent the browser to the stand-in, with an authorization-code request.
    expect(authorizeUrl.origin).toBe(provider.issuer);
    const sent = Object.fromEntries(authorizeUrl.searchParams);
    expect(sent).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: CALLBACK_URI,
      code_challenge_method: 'S256',
    });
    expect(sent.scope?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(sent.state).toMatch(/^\S{16,}$/);
    expect(sent.nonce).toMatch(/^\S{16,}$/);
    expect(sent.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(back.searchParams.get('state')).toBe(sent.state);

    // The code went back to the token endpoint with the PKCE verifier and the client secret.
    const tokenRequests = provider.requests.filter((r) => r.path === '/token');
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]?.params.code_verifier).toMatch(/^[A-Za-z0-9._~-]{43,128}$/);
    expect(tokenRequests[0]?.params.redirect_uri).toBe(CALLBACK_URI);
    expect(tokenRequests[0]?.clientAuth).toBeDefined();

    // Signed in, with an httpOnly SameSite cookie, and sent where the shop asked.
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/allItems');
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite?.toLowerCase()).toBe('lax');

    const user = await sessionUser(jar);
    expect(user).toMatchObject({ email: provider.user.email, name: 'Ada Lovelace' });
    const stored = await userByEmail(provider.user.email);
    expect(stored).toMatchObject({ id: user?.id, emailVerified: true, role: 'user' });
    expect(await accountsOf(user?.id ?? '')).toEqual([
      { providerId: 'google', accountId: provider.user.sub },
    ]);
  });

  it('keeps a long Google profile name to the 60 characters every other name has', async () => {
    provider.user = googleUser({ name: `Grace ${'Brewster '.repeat(40)}Hopper` });
    const { jar } = await signInWithGoogle();
    const user = await sessionUser(jar);
    expect(user?.name.length).toBeGreaterThan(50);
    expect(user?.name.length).toBeLessThanOrEqual(60);
    expect(user?.name.startsWith('Grace Brewster')).toBe(true);
  });

  it('signs a returning Google user in to the same account', async () => {
    provider.user = googleUser({});
    const first = await signInWithGoogle();
    const firstUser = await sessionUser(first.jar);

    const second = await signInWithGoogle();
    expect(second.res.headers.location).toBe('/allItems');
    const secondUser = await sessionUser(second.jar);
    expect(secondUser?.id).toBe(firstUser?.id);
    expect(await accountsOf(secondUser?.id ?? '')).toHaveLength(1);
  });

  describe('refuses a state it did not issue to this browser', () => {
    it('a state that was never issued', async () => {
      const jar = new CookieJar();
      const back = await authorize(await startSignIn(jar));
      back.searchParams.set('state', 'never-issued-by-the-shop-0123456789');

      const res = await callback(back, jar);

      // No state, no per-flow error URL: Better Auth's default error page (or the shop's, if set).
      expectErrorRedirect(res, 'state_mismatch');
      expect(jar.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(await sessionUser(jar)).toBeNull();
      // The code was never exchanged.
      expect(provider.requests.filter((r) => r.path === '/token')).toHaveLength(0);
    });

    it("another browser's state and code (login CSRF)", async () => {
      provider.user = googleUser({ email: uniqueEmail('attacker') });
      const attacker = new CookieJar();
      const attackersCallback = await authorize(await startSignIn(attacker));

      const victim = new CookieJar();
      await startSignIn(victim);
      const res = await callback(attackersCallback, victim);

      expectRefused(res, victim, 'state_mismatch');
      expect(await sessionUser(victim)).toBeNull();
      expect(await userByEmail(provider.user.email)).toBeUndefined();
    });

    it('the right state without the state cookie', async () => {
      const back = await authorize(await startSignIn(new CookieJar()));
      const jar = new CookieJar();

      const res = await callback(back, jar);

      expectRefused(res, jar, 'state_mismatch');
    });

    it('a tampered state cookie', async () => {
      const jar = new CookieJar();
      const back = await authorize(await startSignIn(jar));
      const [name, value] = [...jar.cookies].find(([n]) => n.endsWith('.state')) ?? [];
      expect(name).toBeDefined();
      jar.cookies.set(name ?? '', `x${value ?? ''}`);

      const res = await callback(back, jar);

      expectRefused(res, jar, 'state_mismatch');
    });

    it('a callback replayed after it was used', async () => {
      provider.user = googleUser({});
      const { back, jar } = await signInWithGoogle();
      const replay = new CookieJar();
      for (const [name, value] of jar.cookies)
        if (name.endsWith('.state')) replay.cookies.set(name, value);

      const res = await callback(back, replay);

      expectErrorRedirect(res, 'state_mismatch');
      expect(replay.cookies.has(SESSION_COOKIE)).toBe(false);
    });
  });

  describe('refuses an id_token the shop should not trust', () => {
    it('issued for another client (wrong audience)', async () => {
      provider.user = googleUser({});
      provider.faults.audience = 'someone-else';

      const { res, jar } = await signInWithGoogle();

      expectRefused(res, jar, 'unable_to_get_user_info');
      expect(await sessionUser(jar)).toBeNull();
      expect(await userByEmail(provider.user.email)).toBeUndefined();
    });

    it('issued by another issuer', async () => {
      provider.user = googleUser({});
      provider.faults.issuer = 'https://accounts.google.com';

      const { res, jar } = await signInWithGoogle();

      expectRefused(res, jar, 'unable_to_get_user_info');
      expect(await userByEmail(provider.user.email)).toBeUndefined();
    });

    it('whose signature does not match its content', async () => {
      provider.user = googleUser({});
      provider.faults.tamperSignature = true;

      const { res, jar } = await signInWithGoogle();

      expectRefused(res, jar, 'unable_to_get_user_info');
      expect(await userByEmail(provider.user.email)).toBeUndefined();
      expect(await userByEmail(`mallory+${provider.user.email}`)).toBeUndefined();
    });

    it('carrying another nonce than the one sent', async () => {
      provider.user = googleUser({});
      provider.faults.nonce = 'a-nonce-from-some-other-request';

      const { res, jar } = await signInWithGoogle();

      expectRefused(res, jar, 'unable_to_get_user_info');
    });

    it('without a nonce', async () => {
      provider.user = googleUser({});
      provider.faults.nonce = null;

      const { res, jar } = await signInWithGoogle();

      expectRefused(res, jar, 'unable_to_get_user_info');
    });

    it('a redirect naming another issuer (mix-up)', async () => {
      provider.user = googleUser({});
      provider.faults.redirectIssuer = 'https://evil.example';

      const { res, jar } = await signInWithGoogle();

      expectRefused(res, jar, 'issuer_mismatch');
      expect(provider.requests.filter((r) => r.path === '/token')).toHaveLength(0);
    });
  });

  it('sends the browser to the error URL when the person declines at the provider', async () => {
    const jar = new CookieJar();
    const authorizeUrl = await startSignIn(jar);
    const back = new URL(CALLBACK_URI);
    back.searchParams.set('state', authorizeUrl.searchParams.get('state') ?? '');
    back.searchParams.set('error', 'access_denied');

    const res = await callback(back, jar);

    expectRefused(res, jar, 'access_denied');
  });

  describe('an existing email/password account', () => {
    it('is linked when Google says the email is verified, and signs in as the same user', async () => {
      const email = uniqueEmail('linked');
      const existing = await signUpWithPassword(email, 'Existing Buyer');
      provider.user = googleUser({ email, email_verified: true, name: 'Google Name' });

      const { res, jar } = await signInWithGoogle();

      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/allItems');
      const user = await sessionUser(jar);
      expect(user?.id).toBe(existing.id);
      expect(user?.email).toBe(email);
      const linked = await accountsOf(existing.id);
      expect(linked.map((a) => a.providerId).sort()).toEqual(['credential', 'google']);
      expect(linked.find((a) => a.providerId === 'google')?.accountId).toBe(provider.user.sub);

      // The password still works too.
      const password = await shop.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email, password: 'correct horse battery' },
      });
      expect(password.statusCode).toBe(200);
    });

    it('is not linked while its own address is unconfirmed, though Google vouches for it (pre-hijack)', async () => {
      // Somebody made a password account with the victim's address before the victim came.
      const email = uniqueEmail('prehijack');
      const planted = await signUpWithPassword(email, 'Attacker', { verify: false });
      provider.user = googleUser({ email, email_verified: true, name: 'Victim' });

      const { res, jar } = await signInWithGoogle();

      expectRefused(res, jar, 'account_not_linked');
      expect(await sessionUser(jar)).toBeNull();
      expect(await accountsOf(planted.id)).toEqual([
        { providerId: 'credential', accountId: planted.id },
      ]);
    });

    it('is not linked nor signed in when Google says the email is NOT verified', async () => {
      const email = uniqueEmail('unverified');
      const existing = await signUpWithPassword(email, 'Existing Buyer');
      provider.user = googleUser({ email, email_verified: false, name: 'Impostor' });

      const { res, jar } = await signInWithGoogle();

      expectRefused(res, jar, 'account_not_linked');
      expect(await sessionUser(jar)).toBeNull();
      expect(await accountsOf(existing.id)).toEqual([
        { providerId: 'credential', accountId: existing.id },
      ]);
      expect(await userByEmail(email)).toEqual(existing);
    });
  });

  it('says Google sign-in is configured', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/auth-options' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: true, emailVerification: 'optional', outbox: true });
  });

  it('never calls the real Google', async () => {
    provider.user = googleUser({});
    const { authorizeUrl } = await signInWithGoogle();

    expect(authorizeUrl.origin).toBe(provider.issuer);
    // The server found the provider by discovery and fetched its keys from the stand-in.
    expect(fetchedUrls).toEqual(
      expect.arrayContaining([
        `${provider.issuer}/.well-known/openid-configuration`,
        `${provider.issuer}/jwks`,
        `${provider.issuer}/token`,
      ]),
    );
    for (const url of fetchedUrls) expect(new URL(url).origin).toBe(provider.issuer);
  });
});

describe('a provider whose discovery publishes no signing keys', () => {
  let provider: OidcStandIn;
  let shop: TestApp;
  beforeAll(async () => {
    provider = await startOidcStandIn({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [CALLBACK_URI],
    });
    provider.faults.omitJwksUri = true;
    shop = await buildShop({
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_ISSUER: provider.issuer,
    });
  });
  afterAll(async () => {
    await shop?.close();
    await provider?.close();
  });

  it('is not used at all, rather than trusted with id_tokens nobody can verify', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ORIGIN },
      payload: { provider: 'google', callbackURL: '/allItems', errorCallbackURL: '/login' },
    });

    expect(res.statusCode).toBe(404);
    expect(provider.requests.map((r) => r.path)).not.toContain('/authorize');
  });
});

/** Better Auth's logger is on at 'info' (as in production), off at the tests' usual 'silent'. */
const LOGGING = { LOG_LEVEL: 'info' };

/** The log's lines other than the one every request gets, from the `from`th on. */
const besidesRequests = (log: CapturedLog, from: number) =>
  log.lines(from).filter((line) => line.msg !== 'request completed');

/** The callbacks a stranger can send without ever starting a sign-in. */
const STRANGERS_CALLBACKS = [
  '/api/auth/callback/google',
  '/api/auth/callback/google?code=x&state=y',
  '/api/auth/callback/google?error=access_denied',
  '/api/auth/callback/google?state=never-issued-by-the-shop-0123456789&code=abc',
];

describe('a stranger calling the Google callback over and over', () => {
  let provider: OidcStandIn;
  let shop: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    provider = await startOidcStandIn({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUris: [CALLBACK_URI],
    });
    shop = await buildTestApp({
      env: {
        PUBLIC_ORIGIN: ORIGIN,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
        GOOGLE_ISSUER: provider.issuer,
        ...LOGGING,
      },
      logger: log.logger,
    });
  });
  afterAll(async () => {
    await shop?.close();
    await provider?.close();
  });

  it('is sent to the login page each time, and logged once per cause, not once per request', async () => {
    const from = log.length;
    for (let round = 0; round < 25; round++) {
      for (const url of STRANGERS_CALLBACKS) {
        const res = await shop.app.inject({ url });
        expect(res.statusCode).toBe(302);
        expect(String(res.headers.location)).toMatch(/^\/login\?error=/);
      }
    }
    const lines = besidesRequests(log, from);
    // 100 requests of three kinds ("State not found", "Failed to parse state"): a line each.
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(3);
  });
});

describe('without GOOGLE_CLIENT_ID', () => {
  let shop: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    shop = await buildTestApp({ env: { PUBLIC_ORIGIN: ORIGIN, ...LOGGING }, logger: log.logger });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('says Google sign-in is not configured, and refuses to start it', async () => {
    const options = await shop.app.inject({ method: 'GET', url: '/api/auth-options' });
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({ google: false, emailVerification: 'optional', outbox: true });

    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: ORIGIN },
      payload: { provider: 'google', callbackURL: '/allItems' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it("answers a stranger's callbacks 404, and logs nothing but the request lines", async () => {
    const from = log.length;
    for (let round = 0; round < 25; round++) {
      for (const url of STRANGERS_CALLBACKS) {
        const res = await shop.app.inject({ url });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: 'not_found' });
      }
    }
    expect(besidesRequests(log, from)).toEqual([]);
  });
});

/** A redirect to an error page (the flow's own, or the default one), never a session. */
function expectErrorRedirect(res: LightMyRequestResponse, error: string) {
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers.location), ORIGIN);
  expect(location.origin).toBe(ORIGIN);
  expect(['/login', '/api/auth/error']).toContain(location.pathname);
  expect(location.searchParams.get('error')).toBe(error);
  expect(res.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
}

function cookieHeader(jar: CookieJar): Record<string, string> {
  const cookie = jar.header();
  return cookie ? { cookie } : {};
}
