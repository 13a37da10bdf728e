import { paymentIntentSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { paymentsQueryKey } from './query-keys';

/**
 * Stripe mode: the order's PaymentIntent. The server reuses one intent per order, so asking
 * again (a reload, a second tab) is safe, which is why this is a query.
 */
export const startStripePayment = (orderId: string, signal?: AbortSignal) =>
  apiFetch(`/order/${encodeURIComponent(orderId)}/payment-intent`, {
    schema: paymentIntentSchema,
    method: 'POST',
    signal,
  });

export const stripePaymentQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...paymentsQueryKey, 'intent', orderId],
    queryFn: ({ signal }) => startStripePayment(orderId, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The client secret Stripe Elements needs, and the amount the server will charge. */
export const useStripePayment = (orderId: string) => useQuery(stripePaymentQueryOptions(orderId));
