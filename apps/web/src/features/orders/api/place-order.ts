import { orderSchema, type Order } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { idempotencyHeader, retryThroughOutage } from '@/lib/idempotency-key';
import type { MutationConfig } from '@/lib/mutation-config';
import { ordersQueryKey, productsQueryKey, sessionQueryKey } from '@/lib/query-keys';

/**
 * The spec's POST /order body. The server trusts only itemId, OrderQuantity, Contact and
 * Address; it takes the price, names, email and total from the database and the session.
 */
export interface PlaceOrderBody {
  itemId: string;
  ItemName: string;
  OrderQuantity: number;
  price: number;
  BuyerName: string;
  BuyerEmail: string;
  Contact: string;
  Address: string;
  totalCost: number;
}

export const placeOrder = (body: PlaceOrderBody) =>
  apiFetch('/order', {
    schema: orderSchema,
    method: 'POST',
    body,
    headers: idempotencyHeader(body),
  });

/**
 * Places an order; stock and order lists are read again, also when it was refused, and the
 * profile (which a first order fills) when it was placed.
 */
export function usePlaceOrder({
  onSettled,
  ...config
}: MutationConfig<Order, PlaceOrderBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryThroughOutage,
    ...config,
    mutationFn: placeOrder,
    onSettled: async (order, ...args) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: productsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
        order ? queryClient.invalidateQueries({ queryKey: sessionQueryKey }) : undefined,
      ]);
      return onSettled?.(order, ...args);
    },
  });
}
