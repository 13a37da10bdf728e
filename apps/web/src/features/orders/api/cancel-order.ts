import { orderSchema, type Order } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { ordersQueryKey, productsQueryKey } from '@/lib/query-keys';

export const cancelOrder = (id: string) =>
  apiFetch(`/order/${encodeURIComponent(id)}/cancel`, { schema: orderSchema, method: 'POST' });

/** Cancels an unpaid order (admins); its stock goes back on sale. */
export function useCancelOrder({ onSettled, ...config }: MutationConfig<Order, Order> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (order: Order) => cancelOrder(order._id),
    onSettled: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
      return onSettled?.(...args);
    },
  });
}
