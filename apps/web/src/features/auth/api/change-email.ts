import { EMAIL_LINK_PAGES } from '@toolyard/shared';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';

/**
 * Asks to move the account to another address: a link goes to the new address, and the email
 * changes only once it is followed (it lands on /email-verified). The answer is the same when
 * the address is taken, so the session is not read again here.
 */
export const changeEmail = (newEmail: string) =>
  apiFetch('/auth/change-email', {
    schema: z.unknown(),
    method: 'POST',
    body: { newEmail, callbackURL: EMAIL_LINK_PAGES.verified },
  });

export const useChangeEmail = () => useMutation({ mutationFn: changeEmail });
