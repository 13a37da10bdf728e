import { zodResolver } from '@hookform/resolvers/zod';
import {
  changePasswordFormSchema,
  NEW_PASSWORD_HINT,
  type ChangePasswordForm as ChangePasswordValues,
} from '@toolyard/shared';
import { useForm } from 'react-hook-form';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangePassword } from '../api/change-password';

const emptyForm: ChangePasswordValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** The current password, a new one twice; the server signs every other device out. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success('Your password is changed. Other devices were signed out.');
          reset(emptyForm);
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.code === 'invalid_password') {
            setError('currentPassword', { message: error.message }, { shouldFocus: true });
          }
          if (error.fields.currentPassword) {
            setError('currentPassword', { message: error.fields.currentPassword });
          }
          if (error.fields.newPassword) {
            setError('newPassword', { message: error.fields.newPassword });
          }
        },
      },
    ),
  );

  const failure = change.error;
  const shownAtField =
    failure instanceof ApiError &&
    (failure.code === 'invalid_password' ||
      Boolean(failure.fields.currentPassword || failure.fields.newPassword));

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl">
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
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
      <FormError message={change.isError && !shownAtField ? errorMessage(failure) : null} />
      <SubmitButton busy={change.isPending} busyLabel="Changing your password…">
        Change password
      </SubmitButton>
    </form>
  );
}
