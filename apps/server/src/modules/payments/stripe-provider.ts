import Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';
import { AppError } from '../../errors.js';
import type { ProviderEvent, ProviderIntent, StripeProvider } from './provider-types.js';

/** The shop sells in US dollars; an intent in another currency never pays an order. */
export const STRIPE_CURRENCY = 'usd';

const unreachable = (cause: unknown) =>
  Object.assign(
    new AppError(
      'service_unavailable',
      'We could not reach the card processor. Your order is kept; please try again in a minute.',
      503,
    ),
    { cause },
  );

/** Stripe through its official SDK; `apiUrl` points it at a local stand-in in tests. */
export function createStripeProvider(config: StripeConfig): StripeProvider {
  const api = new Stripe(config.secretKey, {
    // The SDK retries network failures with the same idempotency key, so a retry is safe.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(config.apiUrl ? endpoint(config.apiUrl) : {}),
  });

  /** Stripe's own errors and network failures become one 503 the buyer can act on. */
  async function call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) throw unreachable(err);
      throw err;
    }
  }

  return {
    name: 'stripe',
    publicConfig: { mode: 'stripe', publishableKey: config.publishableKey },

    createIntent: ({ orderId, amountCents, idempotencyKey, description }) =>
      call(async () =>
        toIntent(
          await api.paymentIntents.create(
            {
              amount: amountCents,
              currency: STRIPE_CURRENCY,
              automatic_payment_methods: { enabled: true },
              description,
              metadata: { order_id: orderId },
            },
            { idempotencyKey },
          ),
        ),
      ),

    retrieveIntent: (id) => call(async () => toIntent(await api.paymentIntents.retrieve(id))),

    async cancelIntent(id) {
      try {
        await api.paymentIntents.cancel(id);
        return true;
      } catch (err) {
        // Already succeeded, processing or cancelled: Stripe refuses, and that is an answer.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw unreachable(err);
      }
    },

    async refund({ providerRef, amountCents, idempotencyKey }) {
      await call(() =>
        api.refunds.create(
          { payment_intent: providerRef, amount: amountCents },
          { idempotencyKey },
        ),
      );
    },

    verifyWebhook(rawBody, signature) {
      const event = api.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      const object = event.data.object as { object?: string };
      return {
        id: event.id,
        type: event.type,
        intent:
          object.object === 'payment_intent' ? toIntent(object as Stripe.PaymentIntent) : undefined,
      } satisfies ProviderEvent;
    },
  };
}

function toIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    status: intent.status,
    amountCents: intent.amount,
    currency: intent.currency,
    orderId: intent.metadata.order_id,
    failureMessage: intent.last_payment_error?.message,
  };
}

function endpoint(apiUrl: string) {
  const url = new URL(apiUrl);
  return {
    host: url.hostname,
    port: url.port || (url.protocol === 'https:' ? 443 : 80),
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
  };
}
