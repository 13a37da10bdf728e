import { cartSchema, type Cart } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { cartQueryKey } from '@/lib/query-keys';
import { cartMutationScope } from './get-cart';

/** DELETE /cart/lines/{itemId}; removing a line that is not there is fine. Answers the cart. */
export const removeCartLine = (itemId: string) =>
  apiFetch(`/cart/lines/${encodeURIComponent(itemId)}`, { schema: cartSchema, method: 'DELETE' });

/** Removes a line; the answer replaces the cached cart. */
export function useRemoveCartLine({ onSuccess, ...config }: MutationConfig<Cart, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    scope: cartMutationScope,
    mutationFn: removeCartLine,
    onSuccess: (cart, ...rest) => {
      queryClient.setQueryData(cartQueryKey, cart);
      return onSuccess?.(cart, ...rest);
    },
  });
}
