/**
 * The root query key of each kind of data that more than one feature changes. Features do not
 * import each other, yet an order takes stock that the catalog's lists show, a payment or a
 * checkout changes the orders, and "Order again" fills the cart: so these keys live here, once.
 * Every query of that kind starts with its key, and a change invalidates it.
 */
export const productsQueryKey = ['products'] as const;
export const ordersQueryKey = ['orders'] as const;
/** The cart has one query: every cart answer (GET, PUT, DELETE) is the whole cart. */
export const cartQueryKey = ['cart'] as const;
/**
 * The signed-in user (auth), with the profile's phone and address: a first order fills an empty
 * profile from its delivery details, so placing one reads it again.
 */
export const sessionQueryKey = ['session'] as const;
