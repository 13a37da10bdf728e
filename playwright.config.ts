import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4317);
const baseURL = `http://localhost:${port}`;
const googleShopPort = port + 10;
export const googleShopURL = `http://localhost:${googleShopPort}`;
const stripeShopPort = port + 20;
export const stripeShopURL = `http://localhost:${stripeShopPort}`;
/** Where the Stripe shop's stand-in of Stripe's API listens (Stripe.js calls are routed there). */
export const stripeApiURL = `http://127.0.0.1:${stripeShopPort + 1}`;
/**
 * The main shop sends its mail over SMTP to a local stand-in (support/smtp-stand-in.ts) on
 * mailPort + 1; the specs read what it received over HTTP at mailURL (support/mail.ts).
 */
const mailPort = port + 30;
export const mailURL = `http://127.0.0.1:${mailPort}`;
const smtpURL = `smtp://127.0.0.1:${mailPort + 1}`;

/** e2e specs run in Debian's Chromium against the production build on a fresh embedded database. */
export default defineConfig({
  testDir: './apps/web/e2e',
  outputDir: './test-results/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without these, Chromium keeps dialling Google's services on a closed network.
      args: [
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'phone',
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: false },
    },
  ],
  webServer: [
    {
      // Receives the main shop's mail over SMTP and shows it to the specs as JSON. Listed first
      // so that it is up before the shop sends anything.
      command:
        'node --conditions=@toolyard/source --import tsx apps/web/e2e/support/smtp-stand-in.ts',
      url: `${mailURL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        SMTP_STAND_IN_HTTP_PORT: String(mailPort),
        SMTP_STAND_IN_SMTP_PORT: String(mailPort + 1),
      },
    },
    {
      command: 'rm -rf test-results/e2e-data && node apps/server/dist/main.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(port),
        DATA_DIR: 'test-results/e2e-data',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        SMTP_URL: smtpURL,
        // Every run signs up a few dozen people from 127.0.0.1; the limit is tested on its own.
        SIGN_UP_LIMIT_PER_HOUR: '200',
      },
    },
    {
      // A second shop whose "Google" is a local stand-in OpenID provider (google-sign-in.spec.ts).
      command:
        'node --conditions=@toolyard/source --import tsx apps/web/e2e/support/google-shop.ts',
      url: `${googleShopURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        // tsx reads the server's settings (JSX for the mail templates), not the root's.
        TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json',
        GOOGLE_SHOP_PORT: String(googleShopPort),
        GOOGLE_PROVIDER_PORT: String(googleShopPort + 1),
      },
    },
    {
      // A third shop that takes cards through a local stand-in of Stripe's API.
      command:
        'node --conditions=@toolyard/source --import tsx apps/web/e2e/support/stripe-shop.ts',
      url: `${stripeShopURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        TSX_TSCONFIG_PATH: 'apps/server/tsconfig.json',
        STRIPE_SHOP_PORT: String(stripeShopPort),
        STRIPE_API_PORT: String(stripeShopPort + 1),
      },
    },
  ],
});
