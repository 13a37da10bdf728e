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
 * `signedOut` and `failed` run even when the component that signed out is gone by then (the
 * phone's menu closes as the page changes), unlike callbacks given to `mutate`.
 */
export function useSignOut({
  leave,
  signedOut,
  failed,
}: {
  leave?: () => void | Promise<void>;
  signedOut?: () => void;
  failed?: (error: Error) => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await leave?.();
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      signedOut?.();
    },
    onError: failed,
  });
}
