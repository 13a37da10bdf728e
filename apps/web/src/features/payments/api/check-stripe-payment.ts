import { orderSchema, type Order } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { ordersQueryKey } from '@/lib/query-keys';

/** Stripe mode: the server asks Stripe how the payment stands and records it. */
export const checkStripePayment = (orderId: string) =>
  apiFetch(`/order/${encodeURIComponent(orderId)}/payment-intent/check`, {
    schema: orderSchema,
    method: 'POST',
  });

/** After Stripe.js confirmed the card: the order as the server now sees it (paid, or not yet). */
export function useCheckStripePayment({
  onSettled,
  ...config
}: MutationConfig<Order, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: checkStripePayment,
    onSettled: (...args) => {
      // Not awaited, as for a test-card payment: the outcome shows without waiting for the read.
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      return onSettled?.(...args);
    },
  });
}
