/** Every order query starts with this key; changes to orders invalidate it. */
export const ordersQueryKey = ['orders'] as const;

/**
 * The catalog's key for every product query. Features do not import each other, but an
 * order changes the stock that product lists show.
 */
export const productsQueryKey = ['products'] as const;

/** The cart feature's key for every cart query: "Order again" fills the cart. */
export const cartQueryKey = ['cart'] as const;
