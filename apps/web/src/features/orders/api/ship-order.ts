import { orderSchema, type Order, type ShipOrderInput } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { ordersQueryKey } from '@/lib/query-keys';

export interface ShipOrderVariables {
  order: Order;
  /** Carrier and tracking number, both optional (empty when not known). */
  shipment?: ShipOrderInput;
}

export const shipOrder = (id: string, shipment: ShipOrderInput = {}) =>
  apiFetch(`/order/${encodeURIComponent(id)}/ship`, {
    schema: orderSchema,
    method: 'POST',
    body: shipment,
  });

/** Marks a paid order shipped (admins), with the carrier and tracking number if given. */
export function useShipOrder({
  onSettled,
  ...config
}: MutationConfig<Order, ShipOrderVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: ({ order, shipment }: ShipOrderVariables) => shipOrder(order._id, shipment),
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      return onSettled?.(...args);
    },
  });
}
