/**
 * The orders feature's key for every order query (the detail, My Orders, all orders).
 * Features do not import each other, but a payment changes the order and its lists.
 */
export const ordersQueryKey = ['orders'] as const;

/** The catalog's key for every product query: a refund puts stock back on sale. */
export const productsQueryKey = ['products'] as const;

/** This feature's own queries: the payment configuration and Stripe intents. */
export const paymentsQueryKey = ['payments'] as const;
