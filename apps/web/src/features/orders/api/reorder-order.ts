import { reorderResultSchema, type Order, type ReorderResult } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { cartQueryKey } from '@/lib/query-keys';

export const reorderOrder = (id: string) =>
  apiFetch(`/order/${encodeURIComponent(id)}/reorder`, {
    schema: reorderResultSchema,
    method: 'POST',
  });

/**
 * "Order again": the server puts the order's lines back in the buyer's cart and says which
 * it skipped and why; the cart is read again.
 */
export function useReorderOrder({
  onSettled,
  ...config
}: MutationConfig<ReorderResult, Order> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (order: Order) => reorderOrder(order._id),
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: cartQueryKey });
      return onSettled?.(...args);
    },
  });
}
