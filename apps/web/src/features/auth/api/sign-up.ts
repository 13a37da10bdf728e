import type { SignupInput } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import { sessionQueryKey } from './get-session';

/** Creates an account and signs it in; the server sets the session cookie. */
export const signUp = ({ name, email, password }: SignupInput) =>
  apiFetch('/auth/sign-up/email', {
    schema: z.unknown(),
    method: 'POST',
    body: { name, email, password },
  });

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
