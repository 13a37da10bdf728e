import type { LoginInput } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

/** Signs in with email and password; the server sets the session cookie. */
export const signIn = ({ email, password }: LoginInput) =>
  // The answer's body is not needed: the session is read again from get-session.
  apiFetch('/auth/sign-in/email', {
    schema: z.unknown(),
    method: 'POST',
    body: { email, password },
  });

/** Stays pending until the new session has been read, so the form keeps its busy state. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
