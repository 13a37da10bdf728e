import type { App } from '../../src/app.js';

/** The origin the test config trusts (PUBLIC_ORIGIN's default). */
export const ORIGIN = 'http://localhost:3000';

export interface Account {
  email: string;
  password: string;
  name: string;
  /** Cookie header carrying the session. */
  cookie: string;
  /** Bearer token for API clients. */
  token: string;
}

let counter = 0;
/** A fresh, unique email per call. */
export const uniqueEmail = (prefix = 'buyer') =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

/** Signs up through the API, as the web app does; returns the session cookie and token. */
export async function signUp(
  app: App,
  overrides: Partial<Pick<Account, 'email' | 'password' | 'name'>> = {},
): Promise<Account> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? 'correct horse battery';
  const name = overrides.name ?? 'Test Buyer';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: { name, email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return {
    email,
    password,
    name,
    cookie: sessionCookie(res.headers['set-cookie']),
    token: String(res.headers['set-auth-token']),
  };
}

/** A request as the web app sends it: the session cookie (none for a visitor) and our Origin. */
export function callAs(
  app: App,
  account: Account | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: { origin: ORIGIN, ...(account ? { cookie: account.cookie } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Signs in with email and password; returns the raw response. */
export function signIn(app: App, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
}

/** The `name=value` pair of the session cookie from Set-Cookie headers. */
export function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const session = all.find((c) => c.includes('session_token='));
  if (!session) throw new Error(`no session cookie in ${JSON.stringify(all)}`);
  return session.split(';')[0] ?? '';
}
