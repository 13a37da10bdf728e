import type { ResetPasswordBody } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { sessionQueryKey } from './get-session';

/**
 * Sets a new password with the token from the mailed link. The server signs the person in
 * (a session cookie) and ends every other session of the account.
 */
export const resetPassword = ({ token, newPassword }: ResetPasswordBody) =>
  apiFetch('/auth/reset-password', {
    schema: z.unknown(),
    method: 'POST',
    body: { token, newPassword },
  });

/** Stays pending until the new session has been read, so signed-in pages can follow at once. */
export function useResetPassword({
  onSuccess,
  ...config
}: MutationConfig<unknown, ResetPasswordBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: resetPassword,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      return onSuccess?.(...args);
    },
  });
}
