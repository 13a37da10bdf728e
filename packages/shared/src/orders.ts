import * as z from 'zod/mini';
import { numberFromText } from './numbers.js';
import { requiredText } from './text.js';

/**
 * The spec's one status of an order, derived from its payment and fulfilment states (below) and
 * its cancellation: `cancelled` (never paid), else `refunded` or `partially_refunded`, else
 * `shipped`, else `paid`, else `pending`.
 */
export const orderStatuses = [
  'pending',
  'paid',
  'shipped',
  'partially_refunded',
  'refunded',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Whether the buyer's money is in: not yet, all of it, or part or all of it given back. */
export const paymentStatuses = ['unpaid', 'paid', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Whether the order's goods have left the warehouse. */
export const fulfilmentStatuses = ['unfulfilled', 'shipped'] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];

/**
 * The statuses an order shows, each as a badge, and the status filter's rule: filtering by a
 * status lists exactly the orders that show it. That is the order's `status` and, for a shipped
 * order refunded in part or whole, `shipped` too (its `status` names the refund).
 */
export function shownStatuses(order: {
  status: OrderStatus;
  fulfilmentStatus: FulfilmentStatus;
}): OrderStatus[] {
  return order.fulfilmentStatus === 'shipped' && order.status !== 'shipped'
    ? [order.status, 'shipped']
    : [order.status];
}

/** Who cancelled an order: its buyer, an admin, or its unpaid hold running out. */
export const cancelReasons = ['buyer', 'admin', 'expired'] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** The spec's purchase message, shown for a quantity outside [minimum, available]. */
export const PURCHASE_QUANTITY_MESSAGE =
  'Please Order Less than Available Qty & Higher Than Minimum Order Quantity';

/** What every order number starts with: TY-100234 (ADR 021). */
export const ORDER_NUMBER_PREFIX = 'TY-';

/** An order's short human number, as every page and mail shows it: "TY-100234". */
export const formatOrderNumber = (n: number): string => `${ORDER_NUMBER_PREFIX}${n}`;

/**
 * The order number a search means, with or without its prefix, in any letter case
 * ("TY-100234", "ty-100234", "100234"); null when the text is not one.
 */
export function parseOrderNumber(text: string): number | null {
  const match = /^(?:ty-)?(\d{1,15})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

/**
 * An order as the API sends it: the spec's fields, its number, its payment and fulfilment states (with the
 * spec's `paid` and one `status` derived from them) and when it was placed.
 */
export const orderSchema = z.object({
  _id: z.string(),
  /** The order's short human number, "TY-100234": unique, never reused (ADR 021). */
  number: z.string(),
  itemId: z.string(),
  ItemName: z.string(),
  OrderQuantity: z.number().check(z.int()),
  price: z.number(),
  BuyerName: z.string(),
  BuyerEmail: z.string(),
  Contact: z.string(),
  Address: z.string(),
  totalCost: z.number(),
  /** The spec's flag: the money is in (paid, or only partly refunded). */
  paid: z.boolean(),
  status: z.enum(orderStatuses),
  paymentStatus: z.enum(paymentStatuses),
  fulfilmentStatus: z.enum(fulfilmentStatuses),
  /** What has been refunded so far, in dollars: 0 up to `totalCost`. */
  refundedTotal: z.number(),
  createdAt: z.string(),
  /** Why a cancelled order was cancelled; null for the others (and for older cancellations). */
  cancelReason: z.optional(z.nullable(z.enum(cancelReasons))),
  /** When an unpaid order is cancelled if it is still unpaid (UNPAID_ORDER_HOLD); else null. */
  expiresAt: z.optional(z.nullable(z.string())),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/** Most lines one order (and one cart) holds. */
export const ORDER_LINES_MAX = 50;

/**
 * One line of an order: the product as it was sold (SKU, name and unit price copied when the
 * order was placed), the quantity, and the line's total.
 */
export const orderLineSchema = z.object({
  itemId: z.string(),
  sku: z.string(),
  name: z.string(),
  unitPrice: z.number(),
  quantity: z.number().check(z.int(), z.positive()),
  lineTotal: z.number(),
  /** Units of the line refunded so far, 0 up to `quantity`. */
  refundedQuantity: z.number().check(z.int(), z.nonnegative()),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** Units of one line that one refund gave back. */
export const refundedLineSchema = z.object({
  itemId: z.string(),
  name: z.string(),
  quantity: z.number().check(z.int(), z.positive()),
});
export type RefundedLine = z.infer<typeof refundedLineSchema>;

export const orderEventTypes = ['placed', 'paid', 'shipped', 'cancelled', 'refunded'] as const;
export type OrderEventType = (typeof orderEventTypes)[number];

/** One step of an order's life, for its timeline; shipping carries carrier and tracking number. */
export const orderEventSchema = z.object({
  type: z.enum(orderEventTypes),
  at: z.string(),
  carrier: z.optional(z.nullable(z.string())),
  trackingNumber: z.optional(z.nullable(z.string())),
  /** For `cancelled`: by the buyer, an admin, or the unpaid hold running out. */
  cancelReason: z.optional(z.nullable(z.enum(cancelReasons))),
  /** For `refunded`: how much this refund gave back, in dollars. */
  amount: z.optional(z.number()),
  /** For `refunded`: the lines and units it gave back. */
  lines: z.optional(z.array(refundedLineSchema)),
  /** For `refunded`: whether its units went back on sale. */
  restocked: z.optional(z.boolean()),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/**
 * One order with everything its page shows (GET /api/order/{id}, POST /api/checkout): the
 * spec's fields, its lines, its timeline (oldest first) and how it was paid. The spec's fields
 * summarise the lines: `ItemName` "Cordless Drill 20V and 2 more", `OrderQuantity` their sum,
 * `itemId` and `price` the first line's.
 */
export const orderDetailSchema = z.extend(orderSchema, {
  lines: z.array(orderLineSchema),
  events: z.array(orderEventSchema),
  /** The card that paid it (last four digits), or null while unpaid or paid another way. */
  cardLast4: z.nullable(z.string()),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** POST /api/order/{id}/ship: carrier and tracking number are optional. */
export const shipOrderSchema = z.object({
  carrier: z._default(
    z.string().check(z.trim(), z.maxLength(60, 'Carrier must be at most 60 characters')),
    '',
  ),
  trackingNumber: z._default(
    z.string().check(z.trim(), z.maxLength(100, 'Tracking number must be at most 100 characters')),
    '',
  ),
});
export type ShipOrderInput = z.input<typeof shipOrderSchema>;

/**
 * POST /api/order/{id}/refund (admin). Without a body, or without `lines`: everything not yet
 * refunded. `restock` says whether the refunded units go back on sale; left out, they do only
 * while the order has not shipped.
 */
export const refundOrderSchema = z.strictObject({
  lines: z.optional(
    z
      .array(
        z.strictObject({
          itemId: z.uuid('Choose a line of the order'),
          quantity: z
            .number({ error: 'Quantity must be a number' })
            .check(
              z.int('Quantity must be a whole number'),
              z.positive('Quantity must be at least 1'),
              z.maximum(1_000_000, 'Quantity must be at most 1,000,000'),
            ),
        }),
      )
      .check(
        z.minLength(1, 'Choose at least one line to refund'),
        z.maxLength(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} lines`),
        z.refine(
          (lines) => new Set(lines.map((l) => l.itemId)).size === lines.length,
          'Each line may be named once',
        ),
      ),
  ),
  restock: z.optional(z.boolean({ error: 'Restock must be true or false' })),
});
export type RefundOrderInput = z.input<typeof refundOrderSchema>;

/**
 * Where an order goes, as an order or a checkout gives it: a phone and a delivery address, both
 * required (trimmed, not blank) so that every order can be shipped; no format rules, as the spec
 * says ("not validated"). The web app prefills them from the profile.
 */
export const deliveryFields = {
  Contact: requiredText('Phone', 30),
  Address: requiredText('Address', 300),
};

/**
 * POST /api/order accepts the spec's body but trusts only these four fields; price, names,
 * email and total come from the database and the session (other fields are ignored).
 */
export const placeOrderSchema = z.object({
  itemId: z.uuid('Choose a product'),
  // The spec's purchase modal sends the quantity it read from a text input as text ("12").
  OrderQuantity: numberFromText(
    z.number({ error: 'Quantity must be a number' }).check(
      z.int('Quantity must be a whole number'),
      z.positive('Quantity must be at least 1'),
      // No product holds more (stock is at most 1,000,000); price × quantity fits the 64-bit total.
      z.maximum(1_000_000, 'Quantity must be at most 1,000,000'),
    ),
  ),
  ...deliveryFields,
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/**
 * GET /api/order: BuyerEmail (yourself, or anyone for an admin) or, for admins, everything;
 * admins may search with `q`, an order number (with or without its prefix) or a buyer's email,
 * matched exactly in any letter case (empty: no search).
 */
export const orderListQuerySchema = z.object({
  BuyerEmail: z.optional(
    z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email('Not a valid email')),
  ),
  q: z.optional(
    z.string().check(z.trim(), z.toLowerCase(), z.maxLength(320, 'Use at most 320 characters')),
  ),
  status: z.optional(z.enum(orderStatuses)),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
});
