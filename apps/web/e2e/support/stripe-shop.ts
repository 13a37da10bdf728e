/**
 * For the Stripe e2e spec: a local stand-in of Stripe's API, then a third shop configured to
 * take cards through it, its webhooks signed and sent back to the shop. Run by Playwright as
 * a web server; stops both on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { startStripeStandIn } from '../../../server/test/helpers/stripe-stand-in.js';

const shopPort = Number(process.env.STRIPE_SHOP_PORT ?? 4337);
const apiPort = Number(process.env.STRIPE_API_PORT ?? 4338);
const origin = `http://localhost:${shopPort}`;
const dataDir = 'test-results/e2e-stripe-data';

const stripe = await startStripeStandIn({
  port: apiPort,
  webhookUrl: `${origin}/api/payments/stripe/webhook`,
});

rmSync(dataDir, { recursive: true, force: true });
const shop = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...stripe.env,
    PORT: String(shopPort),
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  },
});

const stop = async () => {
  shop.kill('SIGTERM');
  await stripe.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
shop.on('exit', (code) => {
  void stripe.close().then(() => process.exit(code ?? 1));
});
