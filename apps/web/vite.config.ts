import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // Bundle the shared package from its TypeScript source.
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fileURLToPath(
          new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
    ],
    conditions: ['@toolyard/source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Every browser the shop supports preloads modules itself: no polyfill in the first download.
    modulePreload: { polyfill: false },
    // bench/web.mjs reads which chunks each route loads from here.
    manifest: true,
    rolldownOptions: {
      output: {
        // The first download lists every chunk's file for preloading: hashes alone keep that
        // list (and every import between chunks) short, about 0.6 KB less on a first visit.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // The libraries every page runs, in one chunk of its own. Left to itself, Rolldown splits these
          // modules into several common chunks once a lazy page lazily loads a part of its own
          // (the purchase form on /allItems): more files and more gzip on the first visit. The
          // chunk also changes less often than the app's code, so browsers keep it across deploys.
          groups: [
            {
              name: 'vendor',
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|zod|@tanstack|wouter)[\\/]/.test(id) &&
                !/[\\/](useQueries|queriesObserver|useMutation|mutationObserver)\.js$/.test(id),
            },
            {
              name: 'ui',
              test: /src[\\/](components[\\/]ui[\\/](page-title|spinner|empty-state|error-state)|features[\\/]catalog[\\/]components[\\/]product-card|lib[\\/]api-client)|shared[\\/]src[\\/]money/,
            },
          ],
        },
      },
    },
  },
});
