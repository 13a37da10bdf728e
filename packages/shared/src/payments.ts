import * as z from 'zod/mini';

/** Stripe's test cards, which the built-in test mode honours. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
} as const;

/** GET /api/payments/config: how the payment page should take the card. */
export const paymentConfigSchema = z.object({
  mode: z.enum(['test', 'stripe', 'disabled']),
  /** Stripe's publishable key, in Stripe mode only. */
  publishableKey: z.optional(z.string()),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/**
 * POST /api/order/{id}/payment-intent in Stripe mode: what Stripe Elements needs to take the
 * card for the order's stored total. The amount is the server's, shown for the buyer to check.
 */
export const paymentIntentSchema = z.object({
  clientSecret: z.string(),
  amount: z.number(),
});
export type PaymentIntentResponse = z.infer<typeof paymentIntentSchema>;

/** POST /api/order/{id}/pay in test mode: the card, which is checked and never stored. */
export const testCardSchema = z.strictObject({
  cardNumber: z.pipe(
    z.pipe(
      z.string({ error: 'Card number is required' }),
      z.transform((v) => v.replace(/[\s-]/g, '')),
    ),
    z.string().check(z.regex(/^\d{12,19}$/, 'Your card number is incomplete.')),
  ),
  expMonth: z
    .number({ error: 'Expiry month is required' })
    .check(
      z.int(),
      z.minimum(1, "Your card's expiration month is invalid."),
      z.maximum(12, "Your card's expiration month is invalid."),
    ),
  expYear: z
    .number({ error: 'Expiry year is required' })
    .check(
      z.int(),
      z.minimum(2000, "Your card's expiration year is invalid."),
      z.maximum(2100, "Your card's expiration year is invalid."),
    ),
  cvc: z.string({ error: 'Security code is required' }).check(z.trim()),
});
export type TestCardInput = z.input<typeof testCardSchema>;
