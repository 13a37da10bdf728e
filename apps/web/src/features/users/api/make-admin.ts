import { roleChangeSchema } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export const makeAdmin = (email: string) =>
  apiFetch(`/user/admin/${encodeURIComponent(email)}`, {
    schema: roleChangeSchema,
    method: 'PUT',
  });

/** Gives a user the admin role; the users list is read again afterwards. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
