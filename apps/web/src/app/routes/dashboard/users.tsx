import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/features/auth/api/get-session';
import { useUsers } from '@/features/users/api/get-users';
import { UsersTable } from '@/features/users/components/users-table';

export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.trunc(Number(params.get('page'))) || 1);
  const users = useUsers(page);
  const session = useSession();

  const goTo = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === 1) updated.delete('page');
      else updated.set('page', String(next));
      return updated;
    });

  return (
    <section className="py-2">
      <PageTitle title="All Users" />
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">All Users</h1>
        {users.data && (
          <p className="text-sm text-base-content/80">
            {users.data.total} {users.data.total === 1 ? 'account' : 'accounts'}
          </p>
        )}
      </div>
      {users.isPending ? (
        <Spinner label="Loading users" />
      ) : users.isError ? (
        <ErrorState message={errorMessage(users.error)} onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <EmptyState title={page > 1 ? 'No users on this page' : 'No users yet'}>
          {page > 1 && (
            <button type="button" className="btn btn-sm" onClick={() => goTo(1)}>
              Go to the first page
            </button>
          )}
        </EmptyState>
      ) : (
        <div className={users.isPlaceholderData ? 'opacity-60' : undefined}>
          <UsersTable users={users.data.users} currentEmail={session.data?.user.email ?? ''} />
          <Pagination
            label="User pages"
            page={users.data.page}
            pageCount={Math.max(1, Math.ceil(users.data.total / users.data.pageSize))}
            onPageChange={goTo}
          />
        </div>
      )}
    </section>
  );
}
