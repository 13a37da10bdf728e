import { outboxListSchema, type OutboxMessage } from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';

export const OUTBOX_PAGE_SIZE = 20;

export const outboxQueryKey = ['outbox'] as const;

export interface OutboxPage {
  messages: OutboxMessage[];
  total: number;
  page: number;
  pageSize: number;
}

export async function getOutbox(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<OutboxPage> {
  const { items, ...paging } = await apiPage('/outbox', {
    page,
    pageSize,
    schema: outboxListSchema,
    signal,
  });
  return { messages: items, ...paging };
}

export const outboxQueryOptions = (page: number, pageSize = OUTBOX_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...outboxQueryKey, { page, pageSize }],
    queryFn: ({ signal }) => getOutbox(page, pageSize, signal),
    // Keep showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/**
 * One page of the mail outbox, newest first, for admins; only where the server offers the page
 * (`enabled` waits for auth-options to say so).
 */
export const useOutbox = (page: number, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...outboxQueryOptions(page), enabled });
