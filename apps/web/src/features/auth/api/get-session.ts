import { sessionSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const sessionQueryKey = ['session'] as const;

export const getSession = (signal?: AbortSignal) =>
  apiFetch('/auth/get-session', { schema: sessionSchema, signal });

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: sessionQueryKey, queryFn: ({ signal }) => getSession(signal) });

/** The signed-in user and their session, or null when signed out. */
export const useSession = () => useQuery(sessionQueryOptions());
