import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAdminStatus } from '../api/get-admin-status';
import { useSession } from '../api/get-session';

/**
 * Shows its pages only to admins; others read why. The server refuses them anyway: this
 * only spares them a page of errors. Place it inside RequireAuth.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  const admin = useAdminStatus(session.data?.user.email);

  if (session.isPending || (session.data && admin.isPending)) {
    return <Spinner label="Checking your access" />;
  }
  if (admin.isError) {
    return <ErrorState message={errorMessage(admin.error)} onRetry={() => void admin.refetch()} />;
  }
  if (!admin.data?.admin) return <AdminsOnly />;
  return children;
}

function AdminsOnly() {
  return (
    <section className="py-6">
      <PageTitle title="Admins only" />
      <h1 className="text-3xl font-bold">Admins only</h1>
      <p className="mt-4 max-w-prose text-base-content/80">
        This page is for Toolyard admins. If you need it, ask an admin to make your account an
        admin.
      </p>
      <Link to="/dashboard" className="btn btn-primary mt-6">
        Back to the dashboard
      </Link>
    </section>
  );
}
