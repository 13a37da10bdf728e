import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, mailedLink, ORIGIN, signUp, type Account } from './helpers/accounts.js';
import { buildTestApp, type TestApp } from './helpers/build-test-app.js';
import { captureLog } from './helpers/log.js';

describe('the request log', () => {
  let t: TestApp;
  let buyer: Account;
  const log = captureLog();
  /** The line each request gets once answered. */
  const requests = () => log.withMessage('request completed');

  beforeAll(async () => {
    t = await buildTestApp({ logger: log.logger });
    buyer = await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('holds no password-reset token after a reset, however its link was written', async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: buyer.email },
    });
    expect(asked.statusCode).toBe(200);
    const link = new URL(await mailedLink(t.app, buyer.email, 'account.reset'));
    const token = /\/reset-password\/([^/?]+)/.exec(link.pathname)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(10);

    // The mailed link, as the person's browser opens it (twice: mail clients look first).
    for (let i = 0; i < 2; i++) {
      const opened = await t.app.inject({ url: link.pathname + link.search });
      expect(opened.statusCode).toBe(302);
      expect(String(opened.headers.location)).toContain(`token=${token}`);
    }
    // The same token in paths no route takes as written, or that the catch-all takes.
    for (const path of [
      `/API/auth/reset-password/${token}`,
      `/api/auth/reset-password/${token}/`,
      `/api/auth//reset-password/${token}`,
      `/api/auth/reset-p%61ssword/${token}`,
      `/api/auth/Reset-Password/${token}.`,
      `/reset-password/${token}`,
    ]) {
      expect((await t.app.inject({ url: path })).statusCode).toBeLessThan(500);
    }
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: ORIGIN },
      payload: { token, newPassword: 'a new password for this' },
    });
    expect(reset.statusCode).toBe(200);

    expect(log.text()).not.toContain(token);
    const urls = requests().map((line) => line.url);
    expect(urls).toContain('/api/auth/reset-password/:token');
    expect(urls).toContain('/api/auth/reset-password');
  });

  it('names the address in paths that carry one instead of showing it', async () => {
    const email = encodeURIComponent(buyer.email);
    const fresh = await signUp(t.app);
    await callAs(t.app, fresh, 'PUT', `/api/user/${fresh.email}`, { phone: '1', address: 'x' });
    await callAs(t.app, fresh, 'GET', `/api/admin/${fresh.email}`);
    await callAs(t.app, fresh, 'GET', `/api/nothing/${email}`);
    expect(log.text()).not.toContain(fresh.email);
    expect(log.text()).not.toContain(email);
    const urls = requests().map((line) => line.url);
    expect(urls).toContain('/api/user/:email');
    expect(urls).toContain('/api/admin/:email');
    expect(urls).toContain('/api/nothing/:email');
  });

  it('keeps the rest of the path, ids included', async () => {
    const id = crypto.randomUUID();
    await t.app.inject({ url: `/api/tool/${id}?q=secret+words` });
    expect(requests().map((line) => line.url)).toContain(`/api/tool/${id}`);
    expect(log.text()).not.toContain('secret+words');
  });
});
