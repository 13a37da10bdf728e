import { ResponsiveList } from '@/components/ui/responsive-list';
import type { UserSummary } from '@toolyard/shared';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveAdmin } from '../api/remove-admin';
import { useRemoveUser } from '../api/remove-user';

const joinedFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

interface RowActions {
  user: UserSummary;
  isYou: boolean;
  busy: 'make' | 'demote' | null;
  onMakeAdmin: () => void;
  onRemoveAdmin: () => void;
  onRemove: () => void;
}

/**
 * Every account with its role and join date. Admins can make a user an admin, take the role
 * back, or remove an account after confirming; never their own account.
 */
export function UsersTable({
  users,
  currentEmail,
}: {
  users: UserSummary[];
  currentEmail: string;
}) {
  const makeAdmin = useMakeAdmin();
  const removeAdmin = useRemoveAdmin();
  const removeUser = useRemoveUser();
  const [toRemove, setToRemove] = useState<UserSummary | null>(null);

  const actionsFor = (user: UserSummary): RowActions => ({
    user,
    isYou: user.email === currentEmail,
    busy:
      makeAdmin.isPending && makeAdmin.variables === user.email
        ? 'make'
        : removeAdmin.isPending && removeAdmin.variables === user.email
          ? 'demote'
          : null,
    onMakeAdmin: () =>
      makeAdmin.mutate(user.email, {
        onSuccess: () => toast.success('Successfully made an admin'),
        onError: (error) =>
          toast.error(
            error instanceof ApiError && error.status === 403
              ? "Can't make an admin"
              : errorMessage(error),
          ),
      }),
    onRemoveAdmin: () =>
      removeAdmin.mutate(user.email, {
        onSuccess: () => toast.success(`${user.email} is no longer an admin`),
        onError: (error) => toast.error(errorMessage(error)),
      }),
    onRemove: () => setToRemove(user),
  });

  const confirmRemove = () => {
    if (!toRemove) return;
    removeUser.mutate(toRemove.email, {
      onSuccess: () => toast.success(`Removed ${toRemove.email}`),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setToRemove(null),
    });
  };

  return (
    <>
      <ResponsiveList
        items={users}
        itemKey={(user) => user._id}
        columns={
          <>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Joined</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </>
        }
        card={(user) => {
          const actions = actionsFor(user);
          return (
            <>
              <p className="font-semibold break-all">{user.email}</p>
              <p>
                {user.name} <You show={actions.isYou} />
              </p>
              <p className="flex items-center gap-2 text-sm text-base-content/80">
                <RoleBadge role={user.role} /> Joined <Joined iso={user.joined} />
              </p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Actions {...actions} />
              </div>
            </>
          );
        }}
        row={(user) => {
          const actions = actionsFor(user);
          return (
            <>
              <td className="break-all">{user.email}</td>
              <td>
                {user.name} <You show={actions.isYou} />
              </td>
              <td>
                <RoleBadge role={user.role} />
              </td>
              <td className="whitespace-nowrap">
                <Joined iso={user.joined} />
              </td>
              <td>
                <div className="flex justify-end gap-2">
                  <Actions {...actions} />
                </div>
              </td>
            </>
          );
        }}
      />
      <ConfirmDialog
        open={toRemove !== null}
        title="Remove this user?"
        confirmLabel="Remove"
        busy={removeUser.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setToRemove(null)}
      >
        <p>
          <strong className="break-all">{toRemove?.email}</strong> will be signed out and their
          account deleted. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

function Actions({ user, isYou, busy, onMakeAdmin, onRemoveAdmin, onRemove }: RowActions) {
  return (
    <>
      {user.role === 'admin' ? (
        !isYou && (
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={busy !== null}
            aria-busy={busy === 'demote'}
            onClick={onRemoveAdmin}
          >
            {busy === 'demote' && <Busy />}
            Remove Admin
          </button>
        )
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={busy !== null}
          aria-busy={busy === 'make'}
          onClick={onMakeAdmin}
        >
          {busy === 'make' && <Busy />}
          Make Admin
        </button>
      )}
      {!isYou && (
        <button type="button" className="btn btn-sm btn-error btn-outline" onClick={onRemove}>
          Remove User
        </button>
      )}
    </>
  );
}

function Busy() {
  return <span className="loading loading-spinner loading-xs" aria-hidden="true" />;
}

function RoleBadge({ role }: { role: UserSummary['role'] }) {
  return role === 'admin' ? (
    <span className="badge badge-primary badge-sm">admin</span>
  ) : (
    <span className="badge badge-ghost badge-sm">user</span>
  );
}

function You({ show }: { show: boolean }) {
  return show ? <span className="badge badge-outline badge-sm">you</span> : null;
}

function Joined({ iso }: { iso: string }) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? (
    <span>{iso}</span>
  ) : (
    <time dateTime={iso}>{joinedFormat.format(date)}</time>
  );
}
