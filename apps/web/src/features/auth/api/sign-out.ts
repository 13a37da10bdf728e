import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

/** Ends the session on the server, so the old cookie is refused from now on. */
export const signOut = () =>
  apiFetch('/auth/sign-out', { schema: z.unknown(), method: 'POST', body: {} });

/**
 * Signs out, then forgets everything cached for this person. `leave` runs first: it should
 * navigate away from protected pages, which would otherwise send the person to /login.
 */
export function useSignOut({ leave }: { leave?: () => void | Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await leave?.();
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
    },
  });
}
