import { zodResolver } from '@hookform/resolvers/zod';
import {
  NEW_PASSWORD_HINT,
  resetPasswordFormSchema,
  type ResetPasswordForm as ResetPasswordValues,
} from '@toolyard/shared';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';
import { ResetLinkInvalid } from './reset-link-invalid';

const isInvalidToken = (error: unknown) =>
  error instanceof ApiError && error.code === 'invalid_token';

/**
 * The new password, twice, for the token of a mailed link. Done, the person is signed in with
 * it and goes to the dashboard; a link the server no longer accepts says how to get another.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const reset = useResetPassword({
    onSuccess: () => {
      toast.success('Your new password is set.');
      navigate('/dashboard');
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { token, newPassword: values.newPassword },
      {
        onError: (error) => {
          // A weak or common password is refused next to the field.
          if (error instanceof ApiError && error.fields.newPassword) {
            setError('newPassword', { message: error.fields.newPassword });
          }
        },
      },
    ),
  );

  if (isInvalidToken(reset.error)) return <ResetLinkInvalid focus />;

  return (
    <div className="space-y-2">
      <h1 className="text-3xl font-bold">Set a new password</h1>
      <p className="mb-2 text-base-content/80">
        Choose a new password for your account. You will be signed in with it, and signed out
        everywhere else.
      </p>
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <FormError
          message={reset.isError && !errors.newPassword ? errorMessage(reset.error) : null}
        />
        <SubmitButton
          busy={reset.isPending}
          busyLabel="Setting your password…"
          className="btn-primary btn-block"
        >
          Set new password
        </SubmitButton>
      </form>
    </div>
  );
}
