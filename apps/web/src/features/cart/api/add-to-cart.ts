import type { Cart } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/lib/mutation-config';
import { cartMutationScope, cartQueryKey, cartQueryOptions } from './get-cart';
import { setCartLine, type CartLineChange } from './set-cart-line';

/**
 * Adds `quantity` of a product: a product already in the cart has its quantity raised by that
 * much (the API sets quantities, so the new one is the cached line's plus the added). The cart
 * is read first when it is not cached yet.
 */
export function useAddToCart({
  onSuccess,
  onError,
  ...config
}: MutationConfig<Cart, CartLineChange> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    scope: cartMutationScope,
    mutationFn: async ({ itemId, quantity }: CartLineChange) => {
      const cart = await queryClient.ensureQueryData(cartQueryOptions());
      const existing = cart.lines.find((line) => line.itemId === itemId)?.quantity ?? 0;
      return setCartLine({ itemId, quantity: existing + quantity });
    },
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
