import { contactMessageListSchema, type ContactMessage } from '@toolyard/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage } from '@/lib/api-client';

export const CONTACT_MESSAGES_PAGE_SIZE = 20;

export const contactMessagesQueryKey = ['contact-messages'] as const;

export interface ContactMessagePage {
  messages: ContactMessage[];
  total: number;
  page: number;
  pageSize: number;
}

export async function getContactMessages(
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ContactMessagePage> {
  const { items, ...paging } = await apiPage('/contact', {
    page,
    pageSize,
    schema: contactMessageListSchema,
    signal,
  });
  return { messages: items, ...paging };
}

export const contactMessagesQueryOptions = (page: number, pageSize = CONTACT_MESSAGES_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...contactMessagesQueryKey, { page, pageSize }],
    queryFn: ({ signal }) => getContactMessages(page, pageSize, signal),
    // Keep showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** One page of contact messages, newest first, for admins. */
export const useContactMessages = (page: number) => useQuery(contactMessagesQueryOptions(page));
