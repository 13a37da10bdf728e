import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.js';

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/**
 * Serves the built web app from the same origin as the API: hashed assets cached for a year,
 * index.html never cached, and every other GET that accepts HTML falls back to index.html
 * so client-side routes survive a reload. Everything else unknown, /api above all, is a JSON 404.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    const built = existsSync(path.join(opts.root, 'index.html'));
    app.setNotFoundHandler(async (request, reply) => {
      if (built && isPageRequest(request)) {
        return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
      }
      return sendError(reply, 404, {
        error: 'not_found',
        message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`,
      });
    });
    if (!built) {
      app.log.warn(
        { root: opts.root },
        'the web app is not built; serving the API only (run npm run build)',
      );
      return;
    }

    await app.register(fastifyStatic, {
      root: opts.root,
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      // The build writes .br and .gz beside each file; on-the-fly compression is for the API.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const rel = path.relative(opts.root, filePath);
        reply.header(
          'Cache-Control',
          rel.startsWith(`assets${path.sep}`) ? YEAR : rel === 'index.html' ? REVALIDATE : SHORT,
        );
      },
    });
  },
  { name: 'web-app', dependencies: ['errors'] },
);

function isPageRequest(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    pathname !== '/api' &&
    !pathname.startsWith('/api/') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}
