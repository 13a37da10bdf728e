import type { FastifyPluginAsync } from 'fastify';
import type { JsonCache } from '../../plugins/json-cache.js';
import type { CatalogRepository } from './catalog.repository.js';
import { escapeHtml } from './page-heads.js';

/** What crawlers may read: the shop's pages, not the dashboard or the API. */
const ROBOTS_RULES = ['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /api/'];

interface SitemapEntry {
  path: string;
  updatedAt: Date;
}

/**
 * GET /sitemap.xml (the home page, every category and every live product, kept in `cache`,
 * which every catalog write empties) and GET /robots.txt, which names it. Addresses are
 * absolute, from PUBLIC_ORIGIN.
 */
export const sitemapRoutes: FastifyPluginAsync<{
  catalog: CatalogRepository;
  origin: string;
  cache: JsonCache;
}> = async (app, { catalog, origin, cache }) => {
  const robots = [...ROBOTS_RULES, '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');

  app.get('/sitemap.xml', async (request, reply) => {
    await cache.send(request, reply, 'sitemap', async () => {
      const [products, categories] = await Promise.all([
        catalog.productsForSitemap(),
        catalog.categoriesForSitemap(),
      ]);
      const pages = [
        ...categories.map((c) => ({ path: `/category/${c.slug}`, updatedAt: c.updatedAt })),
        ...products.map((p) => ({ path: `/tool/${p.id}`, updatedAt: p.updatedAt })),
      ];
      return { json: sitemapXml(origin, pages), type: 'application/xml; charset=utf-8' };
    });
    return reply;
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robots),
  );
};

/** The home page, last changed with the newest of the pages (or now, with none), then `pages`. */
function sitemapXml(origin: string, pages: SitemapEntry[]): string {
  const newest = pages.reduce<Date | undefined>(
    (max, p) => (max && max > p.updatedAt ? max : p.updatedAt),
    undefined,
  );
  const urls = [{ path: '/', updatedAt: newest ?? new Date() }, ...pages].map(
    (p) =>
      `  <url><loc>${escapeHtml(origin + p.path)}</loc><lastmod>${p.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
