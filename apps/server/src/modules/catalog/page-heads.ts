import {
  categoryAndDescendants,
  categoryPath,
  categorySlugParamsSchema,
  idParamsSchema,
  isInStock,
  type Category,
  type Product,
} from '@toolyard/shared';
import type { CatalogRepository } from './catalog.repository.js';

const SITE = 'Toolyard';
/** About what search engines show of a description before they cut it. */
const DESCRIPTION_MAX = 155;

/**
 * The `<head>` tags of the catalog's public pages, as the server sends them before any
 * JavaScript runs (ADR 018): undefined when there is no such live product or category.
 */
export function createPageHeads(catalog: CatalogRepository, origin: string) {
  return {
    async product(id: string): Promise<string | undefined> {
      if (!idParamsSchema.safeParse({ id }).success) return undefined;
      const [product, categories] = await Promise.all([
        catalog.getProduct(id),
        catalog.listCategories(),
      ]);
      return product && productHead(product, categories, origin);
    },

    async category(slug: string): Promise<string | undefined> {
      if (!categorySlugParamsSchema.safeParse({ slug }).success) return undefined;
      const categories = await catalog.listCategories();
      const category = categories.find((c) => c.slug === slug);
      return category && categoryHead(category, categories, origin);
    },
  };
}

export type PageHeads = ReturnType<typeof createPageHeads>;

/** What index.html says of the whole shop: the home page's title and description. */
export interface SiteText {
  title: string;
  description: string;
}

/**
 * index.html ready to take a page's head: its own title and description are taken out and the
 * page's tags go where the title was. `site` is what they said, for the pages that keep it.
 */
export function pageTemplate(indexHtml: string): { fill(head: string): string; site: SiteText } {
  const titleTag = /<title>([\s\S]*?)<\/title>\s*/i;
  const descriptionTag = /<meta\s+name=["']description["']\s+content=["']([^"']*)["'][^>]*>\s*/i;
  const site = {
    title: decodeText(titleTag.exec(indexHtml)?.[1] ?? SITE),
    description: decodeText(descriptionTag.exec(indexHtml)?.[1] ?? ''),
  };
  const html = indexHtml.replace(descriptionTag, '');
  const title = titleTag.exec(html);
  const at = title ? title.index : html.search(/<\/head>/i);
  const before = html.slice(0, at);
  const after = html.slice(title ? at + title[0].length : at);
  return { fill: (head) => `${before}${head}\n    ${after}`, site };
}

/** index.html told not to be indexed: the body of every 404 page. */
export function notFoundPage(indexHtml: string): string {
  return indexHtml.replace(/<\/head>/i, '  <meta name="robots" content="noindex" />\n  </head>');
}

/** The home page: the shop's own title and description, its canonical address and card. */
export function homeHead(site: SiteText, origin: string): string {
  const url = `${origin}/`;
  return tags([
    `<title>${escapeHtml(site.title)}</title>`,
    meta('description', site.description),
    canonical(url),
    ...openGraph({ type: 'website', title: site.title, description: site.description, url }),
    meta('twitter:card', 'summary'),
  ]);
}

/** A product's page: its card for link previews and schema.org Product and BreadcrumbList. */
export function productHead(
  product: Product,
  categories: readonly Category[],
  origin: string,
): string {
  const url = `${origin}/tool/${product._id}`;
  const path = categoryPath(categories, product.categoryId);
  const description =
    summary(product.description) ||
    `${product.name} (SKU ${product.sku}) from ${SITE}: tools for builders and makers, ordered online.`;
  const image = absoluteUrl(product.img, origin);
  const price = product.price.toFixed(2);
  return tags([
    `<title>${escapeHtml(`${product.name} | ${SITE}`)}</title>`,
    meta('description', description),
    canonical(url),
    ...openGraph({ type: 'product', title: product.name, description, url, image }),
    property('product:price:amount', price),
    property('product:price:currency', 'USD'),
    meta('twitter:card', image ? 'summary_large_image' : 'summary'),
    jsonLd({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      sku: product.sku,
      description: product.description || description,
      ...(image && { image }),
      ...(path.length > 0 && { category: path.map((c) => c.name).join(' > ') }),
      brand: { '@type': 'Brand', name: SITE },
      offers: {
        '@type': 'Offer',
        url,
        price,
        priceCurrency: 'USD',
        availability: isInStock(product)
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
      },
    }),
    breadcrumbs(origin, [
      ...path.map((c) => ({ name: c.name, url: `${origin}/category/${c.slug}` })),
      { name: product.name, url },
    ]),
  ]);
}

/** A category's page: how many products it holds (with those below it), and where it sits. */
export function categoryHead(
  category: Category,
  categories: readonly Category[],
  origin: string,
): string {
  const url = `${origin}/category/${category.slug}`;
  const direct = new Map(categories.map((c) => [c._id, c.products]));
  const count = categoryAndDescendants(categories, category._id).reduce(
    (sum, id) => sum + (direct.get(id) ?? 0),
    0,
  );
  const title = `${category.name} | ${SITE}`;
  const description =
    count > 0
      ? `Shop ${count} ${category.name} from ${SITE}: prices, stock and SKUs, ordered online by builders and makers.`
      : `${category.name} from ${SITE}: tools for builders and makers, ordered online.`;
  return tags([
    `<title>${escapeHtml(title)}</title>`,
    meta('description', description),
    canonical(url),
    ...openGraph({ type: 'website', title, description, url }),
    meta('twitter:card', 'summary'),
    breadcrumbs(
      origin,
      categoryPath(categories, category._id).map((c) => ({
        name: c.name,
        url: `${origin}/category/${c.slug}`,
      })),
    ),
  ]);
}

/** `&`, `<`, `>` and both quotes as entities: safe in text and in a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A JSON-LD data block. `<`, `>` and `&` are written as JSON escapes, so no value can close the
 * script element or open a comment in it, and U+2028/2029 so that no JavaScript parser chokes.
 */
export function jsonLd(data: unknown): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/ld+json">${json}</script>`;
}

/** The text up to DESCRIPTION_MAX characters, cut at a word and ending in an ellipsis when cut. */
export function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** The product's picture as an absolute URL (ours are /images/... or /api/images/...). */
function absoluteUrl(location: string, origin: string): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, `${origin}/`).href;
  } catch {
    return undefined;
  }
}

function breadcrumbs(origin: string, trail: { name: string; url: string }[]): string {
  return jsonLd({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', url: `${origin}/` }, ...trail].map((step, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: step.name,
      item: step.url,
    })),
  });
}

function openGraph(card: {
  type: 'website' | 'product';
  title: string;
  description: string;
  url: string;
  image?: string;
}): string[] {
  return [
    property('og:type', card.type),
    property('og:site_name', SITE),
    property('og:title', card.title),
    property('og:description', card.description),
    property('og:url', card.url),
    ...(card.image ? [property('og:image', card.image)] : []),
  ];
}

const tags = (list: string[]) => list.join('\n    ');
const meta = (name: string, content: string) =>
  `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}" />`;
const property = (name: string, content: string) =>
  `<meta property="${escapeHtml(name)}" content="${escapeHtml(content)}" />`;
const canonical = (url: string) => `<link rel="canonical" href="${escapeHtml(url)}" />`;

/** index.html's text as written there: the few entities an author would use, decoded. */
function decodeText(html: string): string {
  return html
    .trim()
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) =>
      e === 'amp' ? '&' : e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : "'",
    );
}
