import { orderSchema, type Order, type TestCardInput } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { ordersQueryKey, productsQueryKey } from './query-keys';

export interface PayOrderVariables {
  orderId: string;
  card: TestCardInput;
}

/** Test mode: the server checks the card and charges the order's stored total. */
export const payOrder = ({ orderId, card }: PayOrderVariables) =>
  apiFetch(`/order/${encodeURIComponent(orderId)}/pay`, {
    schema: orderSchema,
    method: 'POST',
    body: card,
  });

/** Pays an order; the order, My Orders and stock are read again, also when it was refused. */
export function usePayOrder({
  onSettled,
  ...config
}: MutationConfig<Order, PayOrderVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: payOrder,
    onSettled: async (...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
      ]);
      return onSettled?.(...args);
    },
  });
}
