import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useNavigateRendered } from '@/hooks/use-navigate-rendered';

/** The menu's Sign Out, loaded with the signed-in items (not in a visitor's first download). */
export function SignOutItem() {
  const navigateRendered = useNavigateRendered();
  // Show the home page before the session is forgotten: a protected page still on screen
  // would otherwise send the person to /login.
  // The notices are the hook's, not mutate's: on a phone this button is in the menu, which
  // closes (and unmounts it) as the home page shows, before the sign-out has finished.
  const signOut = useSignOut({
    leave: () => navigateRendered('/'),
    signedOut: () => toast.success('You have signed out.'),
    failed: (error) => toast.error(errorMessage(error)),
  });
  const onSignOut = () => signOut.mutate();
  return (
    <li>
      <button
        type="button"
        className="btn btn-outline btn-sm mx-3 my-1 lg:mx-0 lg:my-0 lg:ml-2"
        disabled={signOut.isPending}
        aria-busy={signOut.isPending}
        onClick={onSignOut}
      >
        {signOut.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        Sign Out
      </button>
    </li>
  );
}
