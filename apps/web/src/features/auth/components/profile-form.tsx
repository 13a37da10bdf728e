import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateSchema, type ProfileUpdate, type SessionUser } from '@toolyard/shared';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/ui/form-error';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';

/** Phone and address, prefilled from the account; they prefill orders later. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { phone: user.phone ?? '', address: user.address ?? '' },
  });

  const onSubmit = handleSubmit((values) =>
    update.mutate(
      { email: user.email, ...values },
      {
        onSuccess: () => toast.success('Profile saved'),
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.fields.phone) setError('phone', { message: error.fields.phone });
          if (error.fields.address) setError('address', { message: error.fields.address });
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl">
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextAreaField
        label="Address"
        autoComplete="street-address"
        rows={3}
        error={errors.address?.message}
        {...register('address')}
      />
      <FormError message={update.isError ? errorMessage(update.error) : null} />
      <SubmitButton busy={update.isPending} busyLabel="Saving…">
        Save
      </SubmitButton>
    </form>
  );
}
