import type { Order } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { myOrdersQueryKey } from './get-my-orders';
import type { OrderPage } from './order-list';
import { ordersQueryKey, productsQueryKey } from '@/lib/query-keys';

export const deleteOrder = (id: string) =>
  apiFetch(`/order/${encodeURIComponent(id)}`, { schema: z.unknown(), method: 'DELETE' });

/**
 * A buyer deletes an unpaid order: the server cancels it and puts its stock back. The buyer's
 * list shows it cancelled at once (it stays in their history); lists and stock are read again.
 */
export function useDeleteOrder({
  onSuccess,
  onSettled,
  ...config
}: MutationConfig<unknown, Order> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (order: Order) => deleteOrder(order._id),
    onSuccess: (...args) => {
      const [, deleted] = args;
      queryClient.setQueriesData<OrderPage>({ queryKey: myOrdersQueryKey }, (page) =>
        page
          ? {
              ...page,
              orders: page.orders.map((order) =>
                order._id === deleted._id
                  ? { ...order, status: 'cancelled' as const, cancelReason: 'buyer' as const }
                  : order,
              ),
            }
          : page,
      );
      return onSuccess?.(...args);
    },
    onSettled: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
      return onSettled?.(...args);
    },
  });
}
