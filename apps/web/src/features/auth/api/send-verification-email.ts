import { EMAIL_LINK_PAGES } from '@toolyard/shared';
import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';

/**
 * Mails the link to confirm an address again. The server answers alike whether or not the
 * address has an account (429 when asked too often); the link lands on /email-verified.
 */
export const sendVerificationEmail = (email: string) =>
  apiFetch('/auth/send-verification-email', {
    schema: z.unknown(),
    method: 'POST',
    body: { email, callbackURL: EMAIL_LINK_PAGES.verified },
  });

export const useSendVerificationEmail = () => useMutation({ mutationFn: sendVerificationEmail });
