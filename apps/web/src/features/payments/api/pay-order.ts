import { orderSchema, type Order, type TestCardInput } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { idempotencyHeader, retryThroughOutage } from '@/lib/idempotency-key';
import type { MutationConfig } from '@/lib/mutation-config';
import { ordersQueryKey, productsQueryKey } from '@/lib/query-keys';

export interface PayOrderVariables {
  orderId: string;
  card: TestCardInput;
}

/** Test mode: the server checks the card and charges the order's stored total. */
export const payOrder = (variables: PayOrderVariables) =>
  apiFetch(`/order/${encodeURIComponent(variables.orderId)}/pay`, {
    schema: orderSchema,
    method: 'POST',
    body: variables.card,
    headers: idempotencyHeader(variables),
  });

/** Pays an order; the order, My Orders and stock are read again, also when it failed. */
export function usePayOrder({
  onSettled,
  ...config
}: MutationConfig<Order, PayOrderVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryThroughOutage,
    ...config,
    mutationFn: payOrder,
    onSettled: (...args) => {
      // Not awaited: the payment's outcome shows at once, even while these reads are retried
      // through the same outage that failed it (the button would say "Paying…" until then).
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      void queryClient.invalidateQueries({ queryKey: productsQueryKey });
      return onSettled?.(...args);
    },
  });
}
