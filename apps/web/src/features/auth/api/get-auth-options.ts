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

/**
 * Which sign-in methods this server offers (Google needs its client id and secret), whether
 * buyers must confirm their email before they order, and whether admins can read the outbox.
 * `enabled: false` waits (e.g. until the person is known to be an admin).
 */
export const useAuthOptions = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...authOptionsQueryOptions(), enabled });
