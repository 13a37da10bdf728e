import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

type Account = { email: string; password: string };
type Cookies = Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'];

interface Sessions {
  /** Makes this page's browser signed in as the account; navigate afterwards. */
  signInAs(page: Page, account: Account): Promise<void>;
}

/**
 * Each account signs in once per worker and its session is reused by every test: a password
 * hash per test would slow the suite, and the server turns away sign-ins beyond the hashes it
 * runs at once (ADR 015).
 * Signing in through the form is covered by accounts.spec.ts.
 */
export const test = base.extend<object, { sessions: Sessions }>({
  sessions: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL ?? '';
      const jars = new Map<string, Cookies>();
      await use({
        async signInAs(page, account) {
          let cookies = jars.get(account.email);
          if (!cookies) {
            const api = await playwright.request.newContext({ baseURL });
            const response = await api.post('/api/auth/sign-in/email', {
              headers: { origin: baseURL },
              data: { email: account.email, password: account.password },
            });
            expect(response.ok(), await response.text()).toBe(true);
            cookies = (await api.storageState()).cookies;
            await api.dispose();
            jars.set(account.email, cookies);
          }
          await page.context().clearCookies();
          await page.context().addCookies(cookies);
        },
      });
    },
    { scope: 'worker' },
  ],
});

export { expect };
