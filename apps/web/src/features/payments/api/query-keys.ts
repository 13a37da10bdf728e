/**
 * The orders feature's key for every order query (the detail, My Orders, all orders).
 * Features do not import each other, but a payment changes the order and its lists.
 */
export const ordersQueryKey = ['orders'] as const;

/** The catalog's key for every product query: a refund puts stock back on sale. */
export const productsQueryKey = ['products'] as const;
