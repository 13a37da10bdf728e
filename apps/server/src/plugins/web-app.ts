import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPagePath } from '@toolyard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.js';

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/**
 * Serves the built web app from the same origin as the API: hashed assets cached for a year,
 * index.html never cached. A page of the app (shared PAGE_PATHS, so client routes survive a
 * reload) is index.html with 200; any other GET that accepts HTML is index.html with 404, so
 * the app shows its not-found page and scanners and crawlers see a 404. Everything else
 * unknown, /api above all, is a JSON 404.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, opts: { root: string }) => {
    const built = existsSync(path.join(opts.root, 'index.html'));
    app.setNotFoundHandler(async (request, reply) => {
      const page = built ? pageRequest(request) : undefined;
      if (page === 'known') {
        return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
      }
      if (page === 'unknown') {
        // No validators and no ranges: a conditional or partial request must not turn the
        // 404 into an empty body (a 304 or 206 answered as 404).
        return reply
          .code(404)
          .header('Cache-Control', REVALIDATE)
          .sendFile('index.html', { etag: false, lastModified: false, acceptRanges: false });
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

/**
 * 'known' for a GET or HEAD of one of the app's pages (whatever it accepts: it can only be the
 * page), 'unknown' for any other GET or HEAD outside /api that accepts HTML (a browser
 * navigating), undefined for the rest (scripts, images, API calls).
 */
function pageRequest(request: FastifyRequest): 'known' | 'unknown' | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const pathname = request.url.split('?', 1)[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/')) return undefined;
  if (isPagePath(pathname)) return 'known';
  return (request.headers.accept ?? '').includes('text/html') ? 'unknown' : undefined;
}
