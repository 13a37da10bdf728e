import type { PaymentsConfig } from '../../config.js';
import type { PaymentProvider } from './provider-types.js';
import { createStripeProvider } from './stripe-provider.js';
import { chargeTestCard } from './test-card-processor.js';

/** The provider the configuration asks for; undefined when card payments are off. */
export function createPaymentProvider(config: PaymentsConfig): PaymentProvider | undefined {
  switch (config.mode) {
    case 'stripe':
      return createStripeProvider(config.stripe);
    case 'test':
      return {
        name: 'test',
        publicConfig: { mode: 'test' },
        charge: (card) => chargeTestCard(card),
        // Nothing was taken, so there is nothing to give back beyond the shop's own records.
        refund: async () => {},
      };
    case 'disabled':
      return undefined;
  }
}
