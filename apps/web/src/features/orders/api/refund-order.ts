import { orderSchema, type Order, type RefundOrderInput } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { idempotencyHeader, retryThroughOutage } from '@/lib/idempotency-key';
import type { MutationConfig } from '@/lib/mutation-config';
import { ordersQueryKey, productsQueryKey } from '@/lib/query-keys';

export interface RefundOrderVariables {
  order: Order;
  /** Chosen lines and units, and whether they go back on sale; left out, all that is left. */
  refund?: RefundOrderInput;
}

export const refundOrder = (variables: RefundOrderVariables) =>
  apiFetch(`/order/${encodeURIComponent(variables.order._id)}/refund`, {
    schema: orderSchema,
    method: 'POST',
    ...(variables.refund ? { body: variables.refund } : {}),
    // One key per submission: a retry through an outage is the same refund (ADR 023).
    headers: idempotencyHeader(variables),
  });

/**
 * Refunds a paid order, shipped or not (admins): chosen units of chosen lines, or all that is
 * left; the money goes back and, when asked, the units go back on sale.
 */
export function useRefundOrder({
  onSettled,
  ...config
}: MutationConfig<Order, RefundOrderVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryThroughOutage,
    ...config,
    mutationFn: refundOrder,
    onSettled: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
      return onSettled?.(...args);
    },
  });
}
