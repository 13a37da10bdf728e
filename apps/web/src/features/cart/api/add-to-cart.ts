import type { Cart } from '@toolyard/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { MutationConfig } from '@/lib/mutation-config';
import { cartQueryOptions } from './get-cart';
import { setCartLine, useCartLineMutation, type CartLineChange } from './set-cart-line';

/**
 * Adds `quantity` of a product: a product already in the cart has its quantity raised by that
 * much (the API sets quantities, so the new one is the line's plus the added). The cart is read
 * from the server first, not from the cache: another device may have changed it since, and a
 * quantity worked out from an old copy would undo that change.
 */
export function useAddToCart(config: MutationConfig<Cart, CartLineChange> = {}) {
  const queryClient = useQueryClient();
  return useCartLineMutation(async ({ itemId, quantity }) => {
    const cart = await queryClient.fetchQuery({ ...cartQueryOptions(), staleTime: 0 });
    const existing = cart.lines.find((line) => line.itemId === itemId)?.quantity ?? 0;
    return setCartLine({ itemId, quantity: existing + quantity });
  }, config);
}
