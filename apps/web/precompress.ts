import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|css|html|svg|json|txt)$/;
/** Below this, compression saves less than a network packet. */
const MIN_BYTES = 1024;

/**
 * Writes a .br (quality 11) and a .gz (level 9) next to each compressible file of the build:
 * the server sends them as they are (@fastify/static preCompressed), so the smallest encoding
 * costs nothing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'toolyard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter(
        (file) => compressible.test(file) && !file.startsWith('.vite'),
      );
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          if ((await stat(full)).size < MIN_BYTES) return;
          const bytes = await readFile(full);
          await writeFile(
            `${full}.br`,
            await brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          );
          await writeFile(`${full}.gz`, await gzipAsync(bytes, { level: 9 }));
        }),
      );
    },
  };
}
