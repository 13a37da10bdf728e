import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  cancelReasons,
  fulfilmentStatuses,
  orderStatuses,
  paymentStatuses,
  roles,
} from '@toolyard/shared';

/**
 * A fixed list of known values as SQL literals for a CHECK (`'a', 'b'`), so the database and the
 * shared package hold one list. The values are ours, never a request's.
 */
const sqlLiterals = (values: readonly string[]): SQL =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Products keep the spec's wire names for their columns (`_id`, `AvailableQuantity`, ...)
 * so SQL reads like the API; money is integer cents, in 64-bit columns so that any total the
 * input limits allow fits (JavaScript numbers hold them exactly up to 2^53).
 */
/** A text search document; read only through `@@` in queries, never selected. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The catalog's tree of categories (Power tools > Drills); a product sits in one. */
export const categories = pgTable(
  'categories',
  {
    id: uuid('_id').primaryKey().defaultRandom(),
    slug: varchar('slug', { length: 60 }).notNull().unique(),
    name: varchar('name', { length: 40 }).notNull(),
    // A category with children or products cannot be deleted: restrict, never cascade.
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('categories_not_own_parent', sql`${t.parentId} <> ${t.id}`)],
);

/** Numbers the SKUs made for products added without one. */
export const productsSkuSeq = pgSequence('products_sku_seq');

export const products = pgTable(
  'products',
  {
    id: uuid('_id').primaryKey().defaultRandom(),
    // Insertion order: the list order the home page relies on (first six are featured).
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    name: varchar('name', { length: 20 }).notNull(),
    description: text('description').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    img: text('img').notNull(),
    availableQuantity: integer('AvailableQuantity').notNull(),
    minOrderQuantity: integer('MinOrderQuantity').notNull().default(1),
    /** Unique in any letter case (products_sku_idx), archived products' too; TY-00042 unless given. */
    sku: varchar('sku', { length: 32 })
      .notNull()
      .default(sql`'TY-' || lpad(nextval('products_sku_seq')::text, 5, '0')`),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    /** Set when an admin deletes a product that has orders: gone from the shop, kept for them. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Name and description as English words, stemmed, for the catalog search (ADR 007). */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`to_tsvector('english'::regconfig, name || ' ' || description)`,
      ),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_available_nonnegative', sql`${t.availableQuantity} >= 0`),
    check('products_min_order_at_least_one', sql`${t.minOrderQuantity} >= 1`),
    // The shop's list: live products in insertion order.
    index('products_live_seq_idx')
      .on(t.seq)
      .where(sql`${t.archivedAt} is null`),
    // No pending list: products change rarely, and a search must not scan unmerged inserts
    // (nor the planner price them so high that it tests every row instead).
    index('products_search_idx').using('gin', t.search).with({ fastupdate: false }),
    uniqueIndex('products_sku_idx').on(sql`upper(${t.sku})`),
    // A category's page and filter, in list order.
    index('products_category_seq_idx')
      .on(t.categoryId, t.seq)
      .where(sql`${t.archivedAt} is null`),
    // Sort and range by price, sort by name.
    index('products_live_price_idx')
      .on(t.priceCents)
      .where(sql`${t.archivedAt} is null`),
    index('products_live_name_idx')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
    // Names like the search, when no word matches ("hammr" finds hammers).
    index('products_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .where(sql`${t.archivedAt} is null`)
      .with({ fastupdate: false }),
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
    // Null for the demo reviews; a removed account leaves its reviews standing.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin hides the review: gone from the shop, kept for the record. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('reviews_seq_idx').on(t.seq),
    // The shop's list: visible reviews, newest first, paged by seq.
    index('reviews_visible_seq_idx')
      .on(t.seq.desc())
      .where(sql`${t.hiddenAt} is null`),
    // The per-buyer review limit counts a buyer's recent reviews.
    index('reviews_user_created_idx').on(t.userId, t.createdAt),
    // The admins' list of hidden reviews, the most recently hidden first, and its count. Nulls
    // first, as the query's `desc` means: with Drizzle's default (nulls last) PostgreSQL reads
    // the index and then sorts every hidden review.
    index('reviews_hidden_idx')
      .on(t.hiddenAt.desc().nullsFirst(), t.seq.desc().nullsFirst())
      .where(sql`${t.hiddenAt} is not null`),
  ],
);

/** Facts about this database itself, such as when the demo data was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/*
 * Accounts: the tables Better Auth expects (user, session, account, verification), plus the
 * admin plugin's fields and the buyer's profile. Property names are Better Auth's field names.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    phone: text('phone'),
    address: text('address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_role_known', sql`${t.role} in (${sqlLiterals(roles)})`),
    index('users_created_at_idx').on(t.createdAt),
    // Admin pages find users by email whatever its case.
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    index('accounts_provider_account_idx').on(t.providerId, t.accountId),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/**
 * The spec's one `status`, derived from the order's two states and its cancellation, in the
 * database itself (a stored generated column), so no code can let it drift from them: refunds
 * first (a shipped order partly refunded reads `partially_refunded`), then shipping, then payment.
 */
const derivedOrderStatus = sql`case
      when cancelled_at is not null then 'cancelled'
      when payment_status = 'refunded' then 'refunded'
      when payment_status = 'partially_refunded' then 'partially_refunded'
      when fulfilment_status = 'shipped' then 'shipped'
      when payment_status = 'paid' then 'paid'
      else 'pending'
    end`;

/**
 * Numbers orders (TY-100001 on): a sequence hands each value out once, whatever rolls back,
 * so a number is never reused; gaps are allowed (ADR 021).
 */
export const ordersNumberSeq = pgSequence('orders_number_seq', { startWith: 100001 });

/**
 * Orders copy the product's name and price and the buyer's name and email at the moment of
 * ordering (the spec's fields), so later edits or a removed account leave the record intact.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('_id').primaryKey().defaultRandom(),
    /**
     * The short human number (shown with its prefix, TY-100234), drawn by the statement that
     * places the order; unique, so no two orders ever share one.
     */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique('orders_number_unique')
      .default(sql`nextval('orders_number_seq')`),
    itemId: uuid('item_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    // The spec's summary of the lines: the first line's product and price, "Cordless Drill 20V
    // and 2 more", and the sum of the quantities. The lines are in order_lines.
    itemName: varchar('item_name', { length: 60 }).notNull(),
    orderQuantity: integer('order_quantity').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    buyerId: text('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    contact: text('contact').notNull().default(''),
    address: text('address').notNull().default(''),
    /** Whether the buyer's money is in: unpaid, paid, or (partly) given back. */
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('unpaid'),
    /** Whether the goods have left: unfulfilled or shipped. */
    fulfilmentStatus: text('fulfilment_status', { enum: fulfilmentStatuses })
      .notNull()
      .default('unfulfilled'),
    /** Read only: derived from the two states above and cancelled_at (derivedOrderStatus). */
    status: text('status', { enum: orderStatuses }).notNull().generatedAlwaysAs(derivedOrderStatus),
    /** Why a cancelled order was cancelled: by its buyer, an admin, or its unpaid hold running out. */
    cancelReason: text('cancel_reason', { enum: cancelReasons }),
    // The order's timeline: when each step happened (placed is created_at).
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    carrier: varchar('carrier', { length: 60 }),
    trackingNumber: varchar('tracking_number', { length: 100 }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** When the last of the order was refunded (each refund is in `refunds`). */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** What has been given back so far: the sum of its refunds, never more than the total. */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    /**
     * When an unpaid order's hold ends and it is cancelled, set by the statement that places
     * it; null once it is paid or cancelled, or when orders are held without end.
     */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Placed by an account whose email was not confirmed: one such unpaid order at a time. */
    placedUnconfirmed: boolean('placed_unconfirmed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_quantity_positive', sql`${t.orderQuantity} > 0`),
    check('orders_total_positive', sql`${t.totalCents} > 0`),
    // Never more back than was paid, and the payment state says how much went back.
    check(
      'orders_refunded_within_total',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`,
    ),
    check(
      'orders_refunded_matches_payment',
      sql`case ${t.paymentStatus}
        when 'refunded' then ${t.refundedCents} = ${t.totalCents}
        when 'partially_refunded' then ${t.refundedCents} > 0 and ${t.refundedCents} < ${t.totalCents}
        else ${t.refundedCents} = 0 end`,
    ),
    check(
      'orders_payment_status_known',
      sql`${t.paymentStatus} in (${sqlLiterals(paymentStatuses)})`,
    ),
    check(
      'orders_fulfilment_status_known',
      sql`${t.fulfilmentStatus} in (${sqlLiterals(fulfilmentStatuses)})`,
    ),
    check(
      'orders_cancel_reason_known',
      sql`${t.cancelReason} is null or ${t.cancelReason} in (${sqlLiterals(cancelReasons)})`,
    ),
    // The unpaid-hold job and the per-buyer cap find a buyer's unpaid orders.
    index('orders_buyer_pending_idx')
      .on(t.buyerId, t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    // The unpaid-hold job finds the orders whose hold has ended, the earliest first.
    index('orders_pending_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // An unconfirmed account holds at most one unpaid order, however many checkouts race.
    uniqueIndex('orders_one_unpaid_unconfirmed_idx')
      .on(t.buyerId)
      .where(sql`${t.placedUnconfirmed} and ${t.status} = 'pending'`),
    // A buyer's own orders, newest first: orders belong to the account, never to an address.
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc()),
    // Admins find orders by lower(email), newest first.
    index('orders_buyer_email_created_idx').on(sql`lower(${t.buyerEmail})`, t.createdAt.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_item_id_idx').on(t.itemId),
  ],
);

/**
 * The lines of an order: the product as it was sold (SKU, name and unit price copied when the
 * order was placed), so later catalog edits never change an order. Written with the order by
 * the orders module only; an order has at most one line per product.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The line's place in the order, from 1: the order the buyer's cart listed them in. */
    lineNo: smallint('line_no').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    sku: varchar('sku', { length: 32 }).notNull(),
    itemName: varchar('item_name', { length: 20 }).notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    lineTotalCents: bigint('line_total_cents', { mode: 'number' }).notNull(),
    /** Units of the line refunded so far (the sum of its refund_lines), at most its quantity. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.itemId] }),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'order_lines_refunded_within_quantity',
      sql`${t.refundedQuantity} >= 0 and ${t.refundedQuantity} <= ${t.quantity}`,
    ),
    check(
      'order_lines_total_matches',
      sql`${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity}`,
    ),
    index('order_lines_item_id_idx').on(t.itemId),
  ],
);

/**
 * Each refund an admin gave on an order: how much, whether its units went back on sale, and
 * who gave it. Its id is chosen before the first attempt (the Idempotency-Key's), so a retried
 * refund is the same refund. Written by the orders module, in the transaction that moves the
 * order's refunded quantities and total.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('_id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    restocked: boolean('restocked').notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    index('refunds_order_created_idx').on(t.orderId, t.createdAt),
  ],
);

/** The lines and units one refund gave back, each a line of the refund's order. */
export const refundLines = pgTable(
  'refund_lines',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    itemId: uuid('item_id').notNull(),
    quantity: integer('quantity').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.refundId, t.itemId] }),
    foreignKey({
      columns: [t.orderId, t.itemId],
      foreignColumns: [orderLines.orderId, orderLines.itemId],
      name: 'refund_lines_order_line_fk',
    }).onDelete('restrict'),
    check('refund_lines_quantity_positive', sql`${t.quantity} > 0`),
    index('refund_lines_order_item_idx').on(t.orderId, t.itemId),
  ],
);

/**
 * Each signed-in buyer's cart, on the server so it follows them across devices and restarts.
 * Prices are not kept: a cart is priced from the products as they are.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    check('cart_lines_quantity_positive', sql`${t.quantity} > 0`),
    index('cart_lines_item_id_idx').on(t.itemId),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres gives a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** Product images uploaded by admins: kept in the database so every instance can serve them. */
export const images = pgTable('images', {
  id: uuid('_id').primaryKey().defaultRandom(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentRecordStatus = [
  'pending',
  'succeeded',
  'failed',
  'refunded',
  'cancelled',
] as const;

/**
 * Every charge attempt and refund: written in the transaction that changes the order. Test
 * mode writes one row per attempt; Stripe one row per PaymentIntent, `pending` until Stripe
 * says how it ended.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('_id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['test', 'stripe'] }).notNull(),
    providerRef: text('provider_ref'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: paymentRecordStatus }).notNull(),
    /** The provider's reason for a failure, as shown to the buyer. */
    failureMessage: text('failure_message'),
    cardLast4: text('card_last4'),
    /** Given back so far (partial refunds add up); `refunded` once it is all of the amount. */
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check(
      'payments_refunded_within_amount',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`,
    ),
    check('payments_status_known', sql`${t.status} in (${sqlLiterals(paymentRecordStatus)})`),
    index('payments_order_id_idx').on(t.orderId),
    // One row per provider payment: a PaymentIntent is recorded once however often it is seen.
    uniqueIndex('payments_provider_ref_idx')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
  ],
);

/**
 * Stripe webhook events already handled, by Stripe's event id: written in the transaction
 * that acts on the event, so a repeated delivery changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Messages sent from the home page's contact form, read by admins newest first. The sender's
 * account is kept when they were signed in; a removed account leaves the message standing.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('_id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt.desc(), t.id.desc())],
);

/**
 * Idempotency-Key requests (orders and payments): the first outcome, kept per buyer and key,
 * so a retried request answers it again instead of acting twice (ADR 013). `resource_id` is
 * the id the request acts under, chosen before its first attempt.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    resourceId: uuid('resource_id').notNull(),
    /** Null while the first request is still running (or died before it could answer). */
    statusCode: integer('status_code'),
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * The transactional outbox (ADR 017): every message the shop sends, written in the transaction
 * of the event that causes it, with the facts it is composed from. A worker on any instance
 * claims a due message (FOR UPDATE SKIP LOCKED, with a lease it renews while it sends and a
 * token that fences its outcome), composes and sends it, and records the outcome; the row's id
 * is the message's Message-ID.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('_id').primaryKey().defaultRandom(),
    topic: text('topic').notNull(),
    recipient: text('recipient').notNull(),
    data: jsonb('data').notNull(),
    /** One message per event: a retried event writes nothing more (e.g. order.paid:<order id>). */
    dedupeKey: text('dedupe_key').unique(),
    /** Not before: when it is due, or when its next attempt is. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker holds it; another may take it only once this has passed. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    /**
     * The holding worker's claim, new at every claim: a worker marks the row only while it is
     * still its own, so one whose lease ran out can never record another worker's outcome.
     */
    leaseToken: uuid('lease_token'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    subject: text('subject'),
    text: text('text'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Composed and kept, not sent: the shop had no SMTP_URL (the outbox page is where it is read). */
    keptAt: timestamp('kept_at', { withTimezone: true }),
    /** Given up after the last attempt. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** Not to be sent after all: a reminder for an order paid or cancelled since. */
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // What the worker looks for: messages not yet sent, kept, given up or skipped, by when they are due.
    index('outbox_due_idx')
      .on(t.availableAt)
      .where(
        sql`${t.sentAt} is null and ${t.keptAt} is null and ${t.failedAt} is null and ${t.skippedAt} is null`,
      ),
    index('outbox_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
