import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailBodySchema } from '@toolyard/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useChangeEmail } from '../api/change-email';

const changeEmailFormSchema = z.object({ newEmail: changeEmailBodySchema.shape.newEmail });
type ChangeEmailValues = z.infer<typeof changeEmailFormSchema>;

/**
 * A new address for the account. It changes only once the link sent there is followed, so the
 * account keeps its address until then.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailValues>({
    resolver: zodResolver(changeEmailFormSchema),
    defaultValues: { newEmail: '' },
  });

  const onSubmit = handleSubmit(({ newEmail }) => {
    if (newEmail.toLowerCase() === currentEmail.toLowerCase()) {
      setError('newEmail', { message: 'This is already the email of your account.' });
      return;
    }
    setSentTo(null);
    change.mutate(newEmail, {
      onSuccess: () => {
        setSentTo(newEmail);
        reset({ newEmail: '' });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields.newEmail) {
          setError('newEmail', { message: error.fields.newEmail });
        }
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl">
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        error={errors.newEmail?.message}
        {...register('newEmail')}
      />
      <p role="status" className={sentTo ? 'alert alert-success alert-soft mb-2' : undefined}>
        {sentTo && `We sent a link to ${sentTo}. Your email changes when you follow it.`}
      </p>
      <FormError message={change.isError && !errors.newEmail ? errorMessage(change.error) : null} />
      <SubmitButton busy={change.isPending} busyLabel="Sending the link…">
        Change email
      </SubmitButton>
    </form>
  );
}
