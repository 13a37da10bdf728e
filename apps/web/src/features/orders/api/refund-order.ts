import { orderSchema, type Order } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { ordersQueryKey, productsQueryKey } from '@/lib/query-keys';

export const refundOrder = (id: string) =>
  apiFetch(`/order/${encodeURIComponent(id)}/refund`, { schema: orderSchema, method: 'POST' });

/**
 * Refunds a paid, unshipped order (admins): the money goes back, the order reads refunded and
 * its stock goes back on sale.
 */
export function useRefundOrder({ onSettled, ...config }: MutationConfig<Order, Order> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (order: Order) => refundOrder(order._id),
    onSettled: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
      return onSettled?.(...args);
    },
  });
}
