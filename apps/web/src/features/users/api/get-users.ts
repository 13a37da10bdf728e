import { userListSchema } from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

export const USERS_PAGE_SIZE = 20;

export const usersQueryKey = ['users'] as const;

export const getUsers = (page: number, pageSize: number, signal?: AbortSignal) =>
  apiFetch(`/user?page=${page}&pageSize=${pageSize}`, { schema: userListSchema, signal });

export const usersQueryOptions = (page: number, pageSize = USERS_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...usersQueryKey, { page, pageSize }],
    queryFn: ({ signal }) => getUsers(page, pageSize, signal),
    // Keep showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** One page of every account, for admins. */
export const useUsers = (page: number) => useQuery(usersQueryOptions(page));
