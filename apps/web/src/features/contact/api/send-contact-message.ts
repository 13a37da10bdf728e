import {
  contactMessageSchema,
  type ContactMessage,
  type contactInputSchema,
} from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { contactMessagesQueryKey } from './get-contact-messages';

export type ContactValues = z.output<typeof contactInputSchema>;

export const sendContactMessage = (values: ContactValues) =>
  apiFetch('/contact', { schema: contactMessageSchema, method: 'POST', body: values });

/** Sends the home page's contact form; an admin's messages list is read again. */
export function useSendContactMessage({
  onSuccess,
  ...config
}: MutationConfig<ContactMessage, ContactValues> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendContactMessage,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: contactMessagesQueryKey });
      return onSuccess?.(...args);
    },
  });
}
