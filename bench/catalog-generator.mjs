// A large catalog for the bench: `count` products with names, descriptions and prices that read
// like the shop's, made deterministically (the same catalog on every run).
import { asc, isNotNull, sql } from 'drizzle-orm';
import { categories, products } from '../apps/server/dist/db/schema.js';

const tools = [
  'Hammer',
  'Drill',
  'Saw',
  'Chisel',
  'Wrench',
  'Clamp',
  'Level',
  'Plane',
  'Rasp',
  'Mallet',
  'Pliers',
  'Driver',
  'Square',
  'Trowel',
  'Sander',
  'Grinder',
  'Router',
  'Vise',
  'Punch',
  'Snips',
];
const materials = [
  'oak',
  'ash',
  'walnut',
  'maple',
  'beech',
  'birch',
  'cherry',
  'pine',
  'cedar',
  'teak',
  'steel',
  'brass',
  'copper',
  'bronze',
  'iron',
  'titanium',
  'aluminium',
  'carbide',
  'chrome',
  'nickel',
];
const uses = [
  'framing',
  'joinery',
  'roofing',
  'decking',
  'cabinetry',
  'plumbing',
  'wiring',
  'masonry',
  'tiling',
  'drywall',
  'flooring',
  'fencing',
  'boatbuilding',
  'carving',
  'turning',
  'restoration',
];

/** The i-th generated product; materials cycle every 400, so each is in 1 product in 20. */
export function generatedProduct(i) {
  const tool = tools[i % tools.length];
  const material = materials[Math.floor(i / tools.length) % materials.length];
  const use = uses[Math.floor(i / (tools.length * materials.length)) % uses.length];
  return {
    name: `${tool} ${String(i).padStart(5, '0')}`,
    description: `A ${material}-handled ${tool.toLowerCase()} made for ${use}, balanced for a full day's work.`,
    priceCents: 500 + ((i * 7919) % 40_000),
    img: '/images/tools/claw-hammer.svg',
    availableQuantity: 50 + (i % 500),
    minOrderQuantity: 1 + (i % 10),
  };
}

/**
 * Adds `count` generated products (in batches) to the database behind the Drizzle handle `db`,
 * filed in turn in the categories that have a parent (the demo catalog's ten).
 */
export async function generateCatalog(db, count) {
  const leaves = await db
    .select({ id: categories.id })
    .from(categories)
    .where(isNotNull(categories.parentId))
    .orderBy(asc(categories.slug));
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      rows.push({ ...generatedProduct(i), categoryId: leaves[i % leaves.length]?.id ?? null });
    }
    await db.insert(products).values(rows);
  }
  await db.execute(sql`analyze products`);
}

/**
 * Filtered and faceted searches as a buyer browses: every demo category (a parent takes in
 * those below it) by 40 price bands, each also in stock and in one of the sorts. Each comes as
 * the page and its facets. 14 x 40 x 2 = 1,120 pairs: more than the cache's 256 answers, so
 * nearly every request is worked out.
 */
export function filteredSearches(slugs) {
  const sorts = ['price', '-price', 'name', 'relevance'];
  const paths = [];
  for (let band = 0; band < 40; band++) {
    for (const [i, slug] of slugs.entries()) {
      for (const inStock of [false, true]) {
        const min = 5 + band * 10;
        const filters = `category=${slug}&minPrice=${min}&maxPrice=${min + 60}${inStock ? '&inStock=true' : ''}`;
        const sort = sorts[(band + i) % sorts.length];
        paths.push(`/api/tool?${filters}&sort=${sort}&page=1`, `/api/tool/facets?${filters}`);
      }
    }
  }
  return paths;
}

/**
 * Searches with a typo that no word matches ("hamer 00042"), so each is answered by names like
 * it: a letter of the tool dropped, with a product number, a different one each time.
 */
export function typoSearches(count) {
  return Array.from({ length: count }, (_, i) => {
    const tool = tools[i % tools.length].toLowerCase();
    const dropped = 1 + (i % (tool.length - 1));
    const typo = tool.slice(0, dropped) + tool.slice(dropped + 1);
    return `/api/tool?q=${encodeURIComponent(`${typo} ${String(i).padStart(5, '0')}`)}&page=1`;
  });
}

/** A search that matches 1 generated product in 20 (by description): 500 of 10,000. */
export const SEARCH_TERM = 'walnut';
