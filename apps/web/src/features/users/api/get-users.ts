import { TOTAL_COUNT_HEADER, userListSchema, type UserSummary } from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const USERS_PAGE_SIZE = 20;

export const usersQueryKey = ['users'] as const;

export interface UserPage {
  users: UserSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export async function getUsers(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<UserPage> {
  const { data, headers } = await apiRequest(`/user?page=${page}&pageSize=${pageSize}`, {
    schema: userListSchema,
    signal,
  });
  return {
    users: data,
    total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length),
    page,
    pageSize,
  };
}

export const usersQueryOptions = (page: number, pageSize = USERS_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...usersQueryKey, { page, pageSize }],
    queryFn: ({ signal }) => getUsers(page, pageSize, signal),
    // Keep showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** One page of every account, for admins. */
export const useUsers = (page: number) => useQuery(usersQueryOptions(page));
