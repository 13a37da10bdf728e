import * as z from 'zod/mini';
import { numberFromText } from './numbers.js';

export const orderStatuses = ['pending', 'paid', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** Who cancelled an order: its buyer, an admin, or its unpaid hold running out. */
export const cancelReasons = ['buyer', 'admin', 'expired'] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** The spec's purchase message, shown for a quantity outside [minimum, available]. */
export const PURCHASE_QUANTITY_MESSAGE =
  'Please Order Less than Available Qty & Higher Than Minimum Order Quantity';

/** An order as the API sends it: the spec's fields plus status and when it was placed. */
export const orderSchema = z.object({
  _id: z.string(),
  itemId: z.string(),
  ItemName: z.string(),
  OrderQuantity: z.number().check(z.int()),
  price: z.number(),
  BuyerName: z.string(),
  BuyerEmail: z.string(),
  Contact: z.string(),
  Address: z.string(),
  totalCost: z.number(),
  paid: z.boolean(),
  status: z.enum(orderStatuses),
  createdAt: z.string(),
  /** Why a cancelled order was cancelled; null for the others (and for older cancellations). */
  cancelReason: z.optional(z.nullable(z.enum(cancelReasons))),
  /** When an unpaid order is cancelled if it is still unpaid (UNPAID_ORDER_HOLD); else null. */
  expiresAt: z.optional(z.nullable(z.string())),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

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
  Contact: z._default(
    z.string().check(z.trim(), z.maxLength(30, 'Phone must be at most 30 characters')),
    '',
  ),
  Address: z._default(
    z.string().check(z.trim(), z.maxLength(300, 'Address must be at most 300 characters')),
    '',
  ),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/** GET /api/order: BuyerEmail (yourself, or anyone for an admin) or, for admins, everything. */
export const orderListQuerySchema = z.object({
  BuyerEmail: z.optional(
    z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email('Not a valid email')),
  ),
  status: z.optional(z.enum(orderStatuses)),
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
});
