import { z } from 'zod';

export const orderStatuses = ['pending', 'paid', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** The spec's purchase message, shown for a quantity outside [minimum, available]. */
export const PURCHASE_QUANTITY_MESSAGE =
  'Please Order Less than Available Qty & Higher Than Minimum Order Quantity';

/** An order as the API sends it: the spec's fields plus status and when it was placed. */
export const orderSchema = z.object({
  _id: z.string(),
  itemId: z.string(),
  ItemName: z.string(),
  OrderQuantity: z.number().int(),
  price: z.number(),
  BuyerName: z.string(),
  BuyerEmail: z.string(),
  Contact: z.string(),
  Address: z.string(),
  totalCost: z.number(),
  paid: z.boolean(),
  status: z.enum(orderStatuses),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

/**
 * POST /api/order accepts the spec's body but trusts only these four fields; price, names,
 * email and total come from the database and the session (other fields are ignored).
 */
export const placeOrderSchema = z.object({
  itemId: z.uuid('Choose a product'),
  OrderQuantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .positive('Quantity must be at least 1'),
  Contact: z.string().trim().max(30, 'Phone must be at most 30 characters').default(''),
  Address: z.string().trim().max(300, 'Address must be at most 300 characters').default(''),
});
export type PlaceOrderInput = z.input<typeof placeOrderSchema>;

/** GET /api/order: BuyerEmail (yourself, or anyone for an admin) or, for admins, everything. */
export const orderListQuerySchema = z.object({
  BuyerEmail: z.string().trim().toLowerCase().pipe(z.email('Not a valid email')).optional(),
  status: z.enum(orderStatuses).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
