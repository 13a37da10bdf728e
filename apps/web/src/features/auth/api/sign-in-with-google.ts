import { oauthRedirectSchema } from '@toolyard/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * Starts Google's sign-in: the server answers with Google's address, and the browser goes
 * there. Google sends it back to `returnTo`, or to the login page with `?error=` on failure.
 */
export async function signInWithGoogle(returnTo: string) {
  const { url } = await apiFetch('/auth/sign-in/oauth2', {
    schema: oauthRedirectSchema,
    method: 'POST',
    body: {
      providerId: 'google',
      callbackURL: returnTo,
      errorCallbackURL: `/login?from=${encodeURIComponent(returnTo)}`,
    },
  });
  window.location.assign(url);
}

export const useSignInWithGoogle = () => useMutation({ mutationFn: signInWithGoogle });
