import { zodResolver } from '@hookform/resolvers/zod';
import { sendVerificationBodySchema } from '@toolyard/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSendVerificationEmail } from '../api/send-verification-email';

const resendFormSchema = z.object({ email: sendVerificationBodySchema.shape.email });
type ResendValues = z.infer<typeof resendFormSchema>;

/**
 * An address, and a new link to confirm it. What follows reads the same whether or not the
 * address has an account waiting, as the server's answer does.
 */
export function ResendVerificationForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const send = useSendVerificationEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResendValues>({
    resolver: zodResolver(resendFormSchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values.email, {
      onSuccess: () => setSentTo(values.email),
      onError: (error) => {
        if (error instanceof ApiError && error.fields.email) {
          setError('email', { message: error.fields.email });
        }
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <p role="status" className={sentTo ? 'mb-2' : undefined}>
        {sentTo &&
          `If ${sentTo} is waiting to be confirmed, we sent a new link to it. It expires in 24 hours.`}
      </p>
      <FormError message={send.isError && !errors.email ? errorMessage(send.error) : null} />
      <SubmitButton
        busy={send.isPending}
        busyLabel="Sending the link…"
        className="btn-primary btn-block"
      >
        Send a new link
      </SubmitButton>
    </form>
  );
}
