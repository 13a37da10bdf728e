import { useSearchParams } from 'wouter';
import { CardPage } from '@/components/ui/card-page';
import { PageTitle } from '@/components/ui/page-title';
import { ResetLinkInvalid } from '@/features/auth/components/reset-link-invalid';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/**
 * Where the mailed link to set a new password lands: `?token=`, or `?error=` when the server
 * found it used or expired. Open to everybody: the link works whoever is signed in here.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');

  return (
    <CardPage>
      <PageTitle title="Set a new password" />
      {token && !params.get('error') ? <ResetPasswordForm token={token} /> : <ResetLinkInvalid />}
    </CardPage>
  );
}
