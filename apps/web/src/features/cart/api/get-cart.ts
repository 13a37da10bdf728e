import { cartSchema, type Cart } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { cartQueryKey } from '@/lib/query-keys';

/**
 * Cart changes run one after another (react-query's mutation scope), so their answers reach the
 * cache in the order they were sent and a checkout waits for the changes before it.
 */
export const cartMutationScope = { id: 'cart' } as const;

/** What checkout leaves: the server has emptied the cart. */
export const emptyCart: Cart = { lines: [], total: 0, count: 0 };

export const getCart = (signal?: AbortSignal) => apiFetch('/cart', { schema: cartSchema, signal });

export const cartQueryOptions = () =>
  queryOptions({ queryKey: cartQueryKey, queryFn: ({ signal }) => getCart(signal) });

/** The signed-in buyer's cart; callers render it only for a signed-in person. */
export const useCart = () => useQuery(cartQueryOptions());
