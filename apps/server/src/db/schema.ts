import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * Products keep the spec's wire names for their columns (`_id`, `AvailableQuantity`, ...)
 * so SQL reads like the API; money is integer cents.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('_id').primaryKey().defaultRandom(),
    // Insertion order: the list order the home page relies on (first six are featured).
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    img: text('img').notNull(),
    availableQuantity: integer('AvailableQuantity').notNull(),
    minOrderQuantity: integer('MinOrderQuantity').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_available_nonnegative', sql`${t.availableQuantity} >= 0`),
    check('products_min_order_at_least_one', sql`${t.minOrderQuantity} >= 1`),
    index('products_seq_idx').on(t.seq),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('_id').primaryKey().defaultRandom(),
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    words: text('words').notNull().default(''),
    rating: smallint('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('reviews_seq_idx').on(t.seq),
  ],
);

/** Facts about this database itself, such as when the demo data was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
