/**
 * For the Google e2e spec: a local stand-in OpenID provider, then a second shop configured to
 * use it as "Google". Run by Playwright as a web server; stops both on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { startOidcStandIn } from '../../../server/test/helpers/oidc-stand-in.js';

const shopPort = Number(process.env.GOOGLE_SHOP_PORT ?? 4318);
const providerPort = Number(process.env.GOOGLE_PROVIDER_PORT ?? 4319);
const origin = `http://localhost:${shopPort}`;
const dataDir = 'test-results/e2e-google-data';

const provider = await startOidcStandIn({
  clientId: 'toolyard-e2e',
  clientSecret: 'toolyard-e2e-secret',
  redirectUris: [`${origin}/api/auth/callback/google`],
  port: providerPort,
  user: {
    sub: '200000000000000000002',
    email: 'grace.builder@example.com',
    email_verified: true,
    name: 'Grace Builder',
    picture: 'https://example.com/grace.png',
  },
});

rmSync(dataDir, { recursive: true, force: true });
const shop = spawn(process.execPath, ['apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(shopPort),
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: origin,
    GOOGLE_CLIENT_ID: 'toolyard-e2e',
    GOOGLE_CLIENT_SECRET: 'toolyard-e2e-secret',
    GOOGLE_ISSUER: provider.issuer,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  },
});

const stop = async () => {
  shop.kill('SIGTERM');
  await provider.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
shop.on('exit', (code) => {
  void provider.close().then(() => process.exit(code ?? 1));
});
