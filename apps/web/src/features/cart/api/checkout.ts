import { orderDetailSchema, type CheckoutInput, type OrderDetail } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { idempotencyHeader, retryThroughOutage } from '@/lib/idempotency-key';
import type { MutationConfig } from '@/lib/mutation-config';
import { cartQueryKey, ordersQueryKey, productsQueryKey, sessionQueryKey } from '@/lib/query-keys';
import { cartMutationScope, emptyCart } from './get-cart';

/**
 * POST /checkout: one order of every line in the cart, answered 201 with the order. Sent with an
 * Idempotency-Key, so a retry after a dropped answer cannot order twice.
 */
export const checkout = (body: CheckoutInput) =>
  apiFetch('/checkout', {
    schema: orderDetailSchema,
    method: 'POST',
    body,
    headers: idempotencyHeader(body),
  });

/**
 * Checks the cart out. The server empties the cart on success; a refusal (409) takes nothing and
 * the cart is read again, with the stock as it is now. Orders and stock are read again either way,
 * and the profile (which a first order fills) after an order.
 */
export function useCheckout({
  onSuccess,
  onSettled,
  ...config
}: MutationConfig<OrderDetail, CheckoutInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryThroughOutage,
    ...config,
    scope: cartMutationScope,
    mutationFn: checkout,
    onSuccess: (order, ...rest) => {
      queryClient.setQueryData(cartQueryKey, emptyCart);
      return onSuccess?.(order, ...rest);
    },
    onSettled: async (order, ...rest) => {
      await Promise.all([
        order ? undefined : queryClient.invalidateQueries({ queryKey: cartQueryKey }),
        // A first order fills an empty profile's phone and address.
        order ? queryClient.invalidateQueries({ queryKey: sessionQueryKey }) : undefined,
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
      return onSettled?.(order, ...rest);
    },
  });
}
