import { authOptionsSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const getAuthOptions = (signal?: AbortSignal) =>
  apiFetch('/auth-options', { schema: authOptionsSchema, signal });

export const authOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth-options'],
    queryFn: ({ signal }) => getAuthOptions(signal),
    // The server's configuration does not change while the page is open.
    staleTime: Infinity,
  });

/** Which sign-in methods this server offers (Google needs its client id and secret). */
export const useAuthOptions = () => useQuery(authOptionsQueryOptions());
