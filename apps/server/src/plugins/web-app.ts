import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isPagePath, PAGE_PATHS, pagePattern } from '@toolyard/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeFeed } from '../db/change-feed.js';
import type { CatalogRepository } from '../modules/catalog/catalog.repository.js';
import {
  createPageHeads,
  homeHead,
  notFoundPage,
  pageTemplate,
} from '../modules/catalog/page-heads.js';
import { sitemapRoutes } from '../modules/catalog/sitemap.routes.js';
import { sendError } from './errors.js';
import { createJsonCache } from './json-cache.js';

const YEAR = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';
const HTML = 'text/html; charset=utf-8';
const productPath = pagePattern(PAGE_PATHS.product);
const categoryPath = pagePattern(PAGE_PATHS.category);

export interface WebAppOptions {
  root: string;
  catalog: CatalogRepository;
  /** PUBLIC_ORIGIN: canonical addresses, Open Graph URLs and the sitemap are absolute. */
  publicOrigin: string;
  /** Empties the filled pages and the sitemap whenever the catalog changes. */
  changes: ChangeFeed;
}

/**
 * Serves the built web app from the same origin as the API: hashed assets cached for a year,
 * index.html never cached. A page of the app (shared PAGE_PATHS, so client routes survive a
 * reload) is index.html with 200; any other GET that accepts HTML is index.html with 404 and
 * noindex, so the app shows its not-found page and scanners and crawlers see a 404.
 * Everything else unknown, /api above all, is a JSON 404.
 *
 * The home, product and category pages come with their head filled in for search engines
 * and link previews (ADR 018), kept in memory until the catalog changes; /sitemap.xml and
 * /robots.txt list them.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, opts: WebAppOptions) => {
    const indexPath = path.join(opts.root, 'index.html');
    const built = existsSync(indexPath);
    // Read once: a new build is deployed with a restart, as its assets are.
    const indexHtml = built ? await readFile(indexPath, 'utf8') : '';
    const notFoundHtml = notFoundPage(indexHtml);
    const template = pageTemplate(indexHtml);
    const heads = createPageHeads(opts.catalog, opts.publicOrigin);
    // Every product and category page can be kept; the least recently asked go first.
    const cache = createJsonCache(opts.changes, { topic: 'products', maxEntries: 512 });

    /** 404 with index.html and noindex; no validators, so no conditional turns it into a 304. */
    const sendNotFoundPage = (reply: FastifyReply) =>
      reply.code(404).header('Cache-Control', REVALIDATE).type(HTML).send(notFoundHtml);

    /** The page with its head from `head` (kept until the catalog changes), or the 404 page. */
    async function sendPage(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      head: () => Promise<string | undefined>,
    ) {
      const found = await cache.send(request, reply, key, async () => {
        const filled = await head();
        return filled === undefined ? undefined : { json: template.fill(filled), type: HTML };
      });
      return found ? reply : sendNotFoundPage(reply);
    }

    const sendProduct = (request: FastifyRequest, reply: FastifyReply, id: string) =>
      sendPage(request, reply, `tool:${id.toLowerCase()}`, () => heads.product(id));
    const sendCategory = (request: FastifyRequest, reply: FastifyReply, slug: string) =>
      sendPage(request, reply, `category:${slug.toLowerCase()}`, () =>
        heads.category(slug.toLowerCase()),
      );

    app.setNotFoundHandler(async (request, reply) => {
      const page = built ? pageRequest(request) : undefined;
      if (page === 'known') {
        // /TOOL/{id}/ and the like: the same page as its canonical address.
        const pathname = decodedPath(request);
        const product = productPath.exec(pathname)?.[1];
        if (product !== undefined) return sendProduct(request, reply, product);
        const category = categoryPath.exec(pathname)?.[1];
        if (category !== undefined) return sendCategory(request, reply, category);
        return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
      }
      if (page === 'unknown') return sendNotFoundPage(reply);
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

    // Routes of their own, so these pages never look for a file on disk first.
    app.get('/', async (request, reply) =>
      sendPage(request, reply, 'home', async () => homeHead(template.site, opts.publicOrigin)),
    );
    app.get<{ Params: { id: string } }>('/tool/:id', async (request, reply) =>
      sendProduct(request, reply, request.params.id),
    );
    app.get<{ Params: { slug: string } }>('/category/:slug', async (request, reply) =>
      sendCategory(request, reply, request.params.slug),
    );
    await app.register(sitemapRoutes, { catalog: opts.catalog, origin: opts.publicOrigin, cache });

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
  const pathname = requestPath(request);
  if (pathname === '/api' || pathname.startsWith('/api/')) return undefined;
  if (isPagePath(pathname)) return 'known';
  return (request.headers.accept ?? '').includes('text/html') ? 'unknown' : undefined;
}

const requestPath = (request: FastifyRequest) => request.url.split('?', 1)[0] ?? '';

/** The path percent-decoded when it can be, as isPagePath and the app's router read it. */
function decodedPath(request: FastifyRequest): string {
  const pathname = requestPath(request);
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}
