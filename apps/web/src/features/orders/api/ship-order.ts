import { orderSchema, type Order } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { ordersQueryKey } from './query-keys';

export const shipOrder = (id: string) =>
  apiFetch(`/order/${encodeURIComponent(id)}/ship`, { schema: orderSchema, method: 'POST' });

/** Marks a paid order shipped (admins). */
export function useShipOrder({ onSettled, ...config }: MutationConfig<Order, Order> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (order: Order) => shipOrder(order._id),
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      return onSettled?.(...args);
    },
  });
}
