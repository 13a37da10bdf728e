import type { ChangePasswordBody } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

type ChangePasswordValues = Pick<ChangePasswordBody, 'currentPassword' | 'newPassword'>;

/**
 * Changes the signed-in person's password; the server ends every other session of the account
 * and keeps this one (400 invalid_password for a wrong current password).
 */
export const changePassword = ({ currentPassword, newPassword }: ChangePasswordValues) =>
  apiFetch('/auth/change-password', {
    schema: z.unknown(),
    method: 'POST',
    body: { currentPassword, newPassword },
  });

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // This device's session may have been renewed along with the password.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
