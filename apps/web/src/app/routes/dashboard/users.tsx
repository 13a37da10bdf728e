import { CountedHeading } from '@/components/ui/counted-heading';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { usePageParam } from '@/hooks/use-page-param';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/features/auth/api/get-session';
import { useUsers } from '@/features/users/api/get-users';
import { UsersTable } from '@/features/users/components/users-table';

export default function UsersPage() {
  const [page, goTo] = usePageParam();
  const users = useUsers(page);
  const session = useSession();

  return (
    <section className="py-2">
      <PageTitle title="All Users" />
      <CountedHeading
        title="All Users"
        count={
          users.data && `${users.data.total} ${users.data.total === 1 ? 'account' : 'accounts'}`
        }
      />
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
