import { orderListSchema, TOTAL_COUNT_HEADER, type Order } from '@toolyard/shared';
import { apiRequest } from '@/lib/api-client';

export interface OrderPage {
  orders: Order[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /order with these query parameters: a page of orders and the total (X-Total-Count). */
export async function getOrderPage(
  params: URLSearchParams,
  signal?: AbortSignal,
): Promise<OrderPage> {
  const { data, headers } = await apiRequest(`/order?${params}`, {
    schema: orderListSchema,
    signal,
  });
  return {
    orders: data,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
    page: Number(params.get('page') ?? 1),
    pageSize: Number(params.get('pageSize') ?? Math.max(1, data.length)),
  };
}
