import { signUpAnswerSchema, type SignupInput } from '@toolyard/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * Creates an account, or not: the server answers alike for a new and a known address, mails a
 * link to confirm it, and signs nobody in. Following the link signs the person in.
 */
export const signUp = ({ name, email, password }: SignupInput) =>
  apiFetch('/auth/sign-up/email', {
    schema: signUpAnswerSchema,
    method: 'POST',
    body: { name, email, password },
  });

export const useSignUp = () => useMutation({ mutationFn: signUp });
