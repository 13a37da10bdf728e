import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '../api/get-session';

/**
 * Shows its pages only to a signed-in person. Others go to /login, which remembers where
 * they were going. A spinner shows while the session is read.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const [pathname] = useLocation();
  const search = useSearch();

  if (session.isPending) return <Spinner label="Checking your session" />;
  if (session.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4">
        <ErrorState message={errorMessage(session.error)} onRetry={() => void session.refetch()} />
      </div>
    );
  }
  if (!session.data) {
    const from = search ? `${pathname}?${search}` : pathname;
    return <Redirect to="/login" replace state={{ from }} />;
  }
  return children;
}
