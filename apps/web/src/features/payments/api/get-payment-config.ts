import { paymentConfigSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { paymentsQueryKey } from './query-keys';

export const getPaymentConfig = (signal?: AbortSignal) =>
  apiFetch('/payments/config', { schema: paymentConfigSchema, signal });

export const paymentConfigQueryOptions = () =>
  queryOptions({
    queryKey: [...paymentsQueryKey, 'config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    // The server's configuration does not change while the page is open.
    staleTime: Infinity,
  });

/** How the payment page takes the card: the built-in test mode, or Stripe. */
export const usePaymentConfig = () => useQuery(paymentConfigQueryOptions());
