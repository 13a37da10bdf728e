import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// Tests run the TypeScript sources of the shared package, not its build.
const alias = [
  {
    find: /^@toolyard\/shared$/,
    replacement: fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url)),
  },
];

const serverProject = (db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  resolve: { alias },
  test: {
    name: `server-${db}`,
    root: './apps/server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      serverProject('pglite'),
      // CI sets TEST_DATABASE_URL to the machine's PostgreSQL; the same suite runs there too.
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      {
        resolve: { alias },
        test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'] },
      },
      {
        resolve: {
          alias: [
            ...alias,
            {
              find: /^@\//,
              replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)),
            },
          ],
        },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          // Component tests render into a light DOM; it has fetch, Request and Response too.
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
