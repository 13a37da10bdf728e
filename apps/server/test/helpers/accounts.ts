import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { App } from '../../src/app.js';
import { outbox } from '../../src/db/schema.js';

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

/**
 * A client address of its own in 10/8, so one test's requests never count against another's
 * limit, nor against a limit left in a shared Redis by an earlier run.
 */
export const someClientAddress = () =>
  `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

let counter = 0;
/** A fresh, unique email per call. */
export const uniqueEmail = (prefix = 'buyer') =>
  `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}@example.com`;

/**
 * Signs up through the API, as the web app does, then follows the link mailed to the address
 * (as its owner would), which signs in; returns the session cookie and token. With
 * `verify: false` the address stays unconfirmed and the account signs in with its password.
 */
export async function signUp(
  app: App,
  overrides: Partial<Pick<Account, 'email' | 'password' | 'name'>> & { verify?: boolean } = {},
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
  const session =
    overrides.verify === false
      ? await signIn(app, email, password)
      : await followLink(app, await mailedLink(app, email, 'account.verify'));
  if (!String(session.headers['set-cookie'] ?? '').includes('session_token=')) {
    throw new Error(`no session after sign-up: ${session.statusCode} ${session.body}`);
  }
  return {
    email,
    password,
    name,
    cookie: sessionCookie(session.headers['set-cookie']),
    token: String(session.headers['set-auth-token']),
  };
}

/** The link in the newest message of `topic` written to `email`'s outbox (the mail's button). */
export async function mailedLink(app: App, email: string, topic: string): Promise<string> {
  const [message] = await mailsTo(app, email, topic);
  const url = (message?.data as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string') throw new Error(`no ${topic} mail with a link to ${email}`);
  return url;
}

/** The messages written to the outbox for `email` (optionally of one topic), newest first. */
export async function mailsTo(app: App, email: string, topic?: string) {
  const db = app.mailer.db;
  return db
    .select()
    .from(outbox)
    .where(
      topic
        ? and(eq(outbox.recipient, email.toLowerCase()), eq(outbox.topic, topic))
        : eq(outbox.recipient, email.toLowerCase()),
    )
    .orderBy(desc(outbox.createdAt), desc(outbox.id));
}

/** Follows a link from a mail (an absolute URL on the shop) as a browser with `cookie` would. */
export function followLink(app: App, url: string, cookie?: string) {
  const { pathname, search } = new URL(url);
  return app.inject({
    method: 'GET',
    url: pathname + search,
    headers: cookie ? { cookie } : {},
  });
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
