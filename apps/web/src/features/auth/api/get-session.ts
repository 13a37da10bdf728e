import { sessionSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/query-keys';

// Kept with the root keys (lib/query-keys.ts): a placed order reads the profile again too.
export { sessionQueryKey };

export const getSession = (signal?: AbortSignal) =>
  apiFetch('/auth/get-session', { schema: sessionSchema, signal });

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: ({ signal }) => getSession(signal) });

/** The signed-in user and their session, or null when signed out. */
export const useSession = () => useQuery(sessionQueryOptions());

/**
 * The session read again when the page mounts, even if it was read a moment ago: for pages the
 * server sends the browser to after signing the person in (a followed email link).
 */
export const useFreshSession = () =>
  useQuery({ ...sessionQueryOptions(), refetchOnMount: 'always' });
