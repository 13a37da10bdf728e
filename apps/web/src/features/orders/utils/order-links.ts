import { PAGE_PATHS } from '@toolyard/shared';

/** The order's own page: /dashboard/orders/{id}. */
export const orderPagePath = (id: string) =>
  PAGE_PATHS.order.replace(':id', encodeURIComponent(id));

/** The payment page for an unpaid order. */
export const paymentPagePath = (id: string) =>
  PAGE_PATHS.payment.replace(':id', encodeURIComponent(id));

/** A product's page, for an order line. */
export const productPagePath = (itemId: string) =>
  PAGE_PATHS.product.replace(':id', encodeURIComponent(itemId));
