import { cartSchema, type Cart } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { cartMutationScope, cartQueryKey } from './get-cart';

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
 * Sets a line's quantity (or adds the line). The answer replaces the cached cart; a refusal
 * reads the cart again, as the stock or the product may have changed under it.
 */
export function useSetCartLine({
  onSuccess,
  onError,
  ...config
}: MutationConfig<Cart, CartLineChange> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    scope: cartMutationScope,
    mutationFn: setCartLine,
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
