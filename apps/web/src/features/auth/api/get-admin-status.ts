import { adminStatusSchema } from '@toolyard/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const getAdminStatus = (email: string, signal?: AbortSignal) =>
  apiFetch(`/admin/${encodeURIComponent(email)}`, { schema: adminStatusSchema, signal });

export const adminStatusQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['admin', email],
    queryFn: ({ signal }) => getAdminStatus(email, signal),
  });

/** Whether the signed-in person is an admin: the server decides (the spec's GET /admin/{email}). */
export const useAdminStatus = (email: string | undefined) =>
  useQuery({ ...adminStatusQueryOptions(email ?? ''), enabled: Boolean(email) });
