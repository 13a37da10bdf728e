/** The buyer's cart and checkout (issue 20): kept on the server, one per signed-in buyer. */
import * as z from 'zod/mini';
import { numberFromText } from './numbers.js';
import { deliveryFields } from './orders.js';

/**
 * One line of the cart, priced from the database as it is now. `available` and
 * `MinOrderQuantity` let the cart check the quantity live; `sold` is false once the product is
 * no longer sold (it cannot be checked out, only removed).
 */
export const cartLineSchema = z.object({
  itemId: z.string(),
  sku: z.string(),
  name: z.string(),
  img: z.string(),
  unitPrice: z.number(),
  quantity: z.number().check(z.int(), z.positive()),
  lineTotal: z.number(),
  AvailableQuantity: z.number().check(z.int(), z.nonnegative()),
  MinOrderQuantity: z.number().check(z.int(), z.minimum(1)),
  sold: z.boolean(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/**
 * GET /api/cart: the lines, oldest first; the total in dollars of the lines still sold; how many
 * units in all.
 */
export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  total: z.number(),
  count: z.number().check(z.int(), z.nonnegative()),
});
export type Cart = z.infer<typeof cartSchema>;

/**
 * PUT /api/cart/lines/{itemId}: adds the line or sets its quantity. Like an order, the quantity
 * must be at least the product's minimum and at most its stock (the spec's purchase message).
 */
export const cartLineBodySchema = z.object({
  quantity: numberFromText(
    z
      .number({ error: 'Quantity must be a number' })
      .check(
        z.int('Quantity must be a whole number'),
        z.positive('Quantity must be at least 1'),
        z.maximum(1_000_000, 'Quantity must be at most 1,000,000'),
      ),
  ),
});
export type CartLineBody = z.input<typeof cartLineBodySchema>;

export const cartLineParamsSchema = z.object({ itemId: z.uuid('Not a valid id') });

/**
 * POST /api/checkout: contact and address (prefilled from the profile by the web app). Prices,
 * names and the lines come from the database and the cart. A refused checkout answers 409
 * `out_of_stock` with `fields` keyed by each refused line's itemId ("Only 3 left", "No longer
 * sold"), and takes nothing.
 */
export const checkoutSchema = z.object(deliveryFields);
export type CheckoutInput = z.input<typeof checkoutSchema>;

/** POST /api/order/{id}/reorder: what went back in the cart and what is no longer sold. */
export const reorderResultSchema = z.object({
  added: z.array(z.object({ itemId: z.string(), name: z.string(), quantity: z.number() })),
  skipped: z.array(z.object({ itemId: z.string(), name: z.string(), reason: z.string() })),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;
