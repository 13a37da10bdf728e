import { EMAIL_LINK_PAGES } from '@toolyard/shared';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';

/**
 * Mails a link to set a new password, if the address has an account: the answer is the same
 * either way, so nobody learns which addresses have one. The link lands on /reset-password.
 */
export const requestPasswordReset = (email: string) =>
  apiFetch('/auth/request-password-reset', {
    schema: z.unknown(),
    method: 'POST',
    body: { email, redirectTo: EMAIL_LINK_PAGES.resetPassword },
  });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
