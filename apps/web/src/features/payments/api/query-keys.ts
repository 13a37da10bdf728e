/** This feature's own queries: the payment configuration and Stripe intents. */
export const paymentsQueryKey = ['payments'] as const;
