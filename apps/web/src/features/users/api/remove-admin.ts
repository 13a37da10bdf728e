import { roleChangeSchema } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export const removeAdmin = (email: string) =>
  apiFetch(`/user/admin/${encodeURIComponent(email)}`, {
    schema: roleChangeSchema,
    method: 'DELETE',
  });

/** Takes the admin role away (the server keeps at least one admin). */
export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
