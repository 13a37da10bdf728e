import { cartSchema, type Cart } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { cartQueryKey } from '@/lib/query-keys';
import { cartMutationScope } from './get-cart';

export interface CartLineChange {
  itemId: string;
  quantity: number;
}

/** PUT /cart/lines/{itemId}: adds the line or sets its quantity; answers the whole cart. */
export const setCartLine = ({ itemId, quantity }: CartLineChange) =>
  apiFetch(`/cart/lines/${encodeURIComponent(itemId)}`, {
    schema: cartSchema,
    method: 'PUT',
    body: { quantity },
  });

/**
 * A change to one line, as every hook that changes a line runs it: in the cart's one mutation
 * scope (changes go in the order they were made), the answer replacing the cached cart, and a
 * refusal reading the cart again, as the stock or the product may have changed under it.
 */
export function useCartLineMutation(
  mutationFn: (change: CartLineChange) => Promise<Cart>,
  { onSuccess, onError, ...config }: MutationConfig<Cart, CartLineChange> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    scope: cartMutationScope,
    mutationFn,
    onSuccess: (cart, ...rest) => {
      queryClient.setQueryData(cartQueryKey, cart);
      return onSuccess?.(cart, ...rest);
    },
    onError: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: cartQueryKey });
      return onError?.(...args);
    },
  });
}

/** Sets a line's quantity (or adds the line). */
export const useSetCartLine = (config: MutationConfig<Cart, CartLineChange> = {}) =>
  useCartLineMutation(setCartLine, config);
