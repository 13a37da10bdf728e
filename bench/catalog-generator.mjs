// A large catalog for the bench: `count` products with names, descriptions and prices that read
// like the shop's, made deterministically (the same catalog on every run).
import { sql } from 'drizzle-orm';
import { products } from '../apps/server/dist/db/schema.js';

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

/** Adds `count` generated products (in batches) to the database behind the Drizzle handle `db`. */
export async function generateCatalog(db, count) {
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + batch); i++) rows.push(generatedProduct(i));
    await db.insert(products).values(rows);
  }
  await db.execute(sql`analyze products`);
}

/** A search that matches 1 generated product in 20 (by description): 500 of 10,000. */
export const SEARCH_TERM = 'walnut';
