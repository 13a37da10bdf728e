import { oauthRedirectSchema } from '@toolyard/shared';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';

/**
 * Starts Google's sign-in: the server answers with Google's address, and the browser goes
 * there. Google sends it back to `returnTo`, or to the login page with `?error=` on failure.
 */
export async function signInWithGoogle(returnTo: string) {
  // Better Auth serves OpenID providers added by discovery through its social sign-in route.
  const { url } = await apiFetch('/auth/sign-in/social', {
    schema: oauthRedirectSchema,
    method: 'POST',
    body: {
      provider: 'google',
      callbackURL: returnTo,
      errorCallbackURL: `/login?from=${encodeURIComponent(returnTo)}`,
    },
  });
  window.location.assign(url);
}

export const useSignInWithGoogle = () => useMutation({ mutationFn: signInWithGoogle });
