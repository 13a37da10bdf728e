import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';

/** Ends every other session of the account after confirming; this device stays signed in. */
export function SignOutOtherDevices() {
  const revoke = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);

  const confirm = () =>
    revoke.mutate(undefined, {
      onSuccess: () => toast.success('You are signed out on every other device.'),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setConfirming(false),
    });

  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error"
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        Sign out of other devices
      </button>
      <ConfirmDialog
        open={confirming}
        title="Sign out of other devices?"
        confirmLabel="Sign them out"
        busy={revoke.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Every other phone, tablet or computer signed in to your account will be signed out. You
          stay signed in here.
        </p>
      </ConfirmDialog>
    </>
  );
}
