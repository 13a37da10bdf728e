import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export const removeUser = (email: string) =>
  apiFetch(`/user/${encodeURIComponent(email)}`, { schema: z.unknown(), method: 'DELETE' });

/** Deletes an account and ends its sessions (not yourself, not the last admin). */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
