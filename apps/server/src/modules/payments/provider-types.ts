// What a card payment provider is to the shop: the test processor or Stripe.
import type { PaymentConfig } from '@toolyard/shared';
import type { CardDetails, ChargeResult } from './test-card-processor.js';

/** Money to give back from a payment already taken, as the provider knows it. */
export interface ProviderRefund {
  /** The provider's reference of the payment (Stripe: the PaymentIntent). */
  providerRef: string;
  /** All of the payment, or part of it: a partial refund. */
  amountCents: number;
  /** The same key gives back the same refund: calling again is safe. */
  idempotencyKey: string;
}

/** What every provider does: tell the payment page how to take a card, and give money back. */
interface ProviderBase {
  /** What GET /api/payments/config answers. */
  readonly publicConfig: PaymentConfig;
  /** Gives back `amountCents` of a succeeded payment; safe to call again with the same key. */
  refund(refund: ProviderRefund): Promise<void>;
}

/** The built-in processor: Stripe's test-card behaviour, no network, no money. */
export interface TestModeProvider extends ProviderBase {
  readonly name: 'test';
  charge(card: CardDetails): ChargeResult;
}

/** A PaymentIntent reduced to what the shop acts on. */
export interface ProviderIntent {
  id: string;
  /** For Stripe Elements in the buyer's browser; null once Stripe no longer gives it out. */
  clientSecret: string | null;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'canceled'
    | 'succeeded'
    // Stripe may add states; an unknown one changes nothing here.
    | (string & {});
  amountCents: number;
  currency: string;
  /** The order it pays, from the intent's metadata (set by us when creating it). */
  orderId: string | undefined;
  /** Why the last attempt failed, in the card network's words, for the buyer. */
  failureMessage: string | undefined;
}

/** A Stripe webhook event the shop acts on, after its signature was checked. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** The PaymentIntent the event is about, as it was when the event happened. */
  intent: ProviderIntent | undefined;
}

/** Stripe: PaymentIntents confirmed by Stripe Elements in the browser, and signed webhooks. */
export interface StripeProvider extends ProviderBase {
  readonly name: 'stripe';
  /** Creates the intent; the same idempotency key gives back the same intent. */
  createIntent(input: {
    orderId: string;
    amountCents: number;
    idempotencyKey: string;
    description: string;
  }): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Cancels an intent nobody paid yet; false if Stripe says it can no longer be cancelled. */
  cancelIntent(id: string): Promise<boolean>;
  /** Checks the Stripe-Signature header against the raw body; throws if it does not fit. */
  verifyWebhook(rawBody: Buffer, signature: string): ProviderEvent;
}

export type PaymentProvider = TestModeProvider | StripeProvider;
