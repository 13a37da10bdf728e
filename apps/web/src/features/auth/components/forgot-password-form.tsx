import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordBodySchema } from '@toolyard/shared';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import * as z from 'zod/mini';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';

const forgotPasswordFormSchema = z.object({ email: forgotPasswordBodySchema.shape.email });
type ForgotPasswordValues = z.infer<typeof forgotPasswordFormSchema>;

/**
 * Asks for a link to set a new password. What follows reads the same whether or not the address
 * has an account, as the server's answer does.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit((values) =>
    request.mutate(values.email, {
      onSuccess: () => setSentTo(values.email),
      onError: (error) => {
        if (error instanceof ApiError && error.fields.email) {
          setError('email', { message: error.fields.email });
        }
      },
    }),
  );

  if (sentTo) return <ResetLinkSent email={sentTo} onAgain={() => setSentTo(null)} />;

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <FormError
          message={request.isError && !errors.email ? errorMessage(request.error) : null}
        />
        <SubmitButton
          busy={request.isPending}
          busyLabel="Sending the link…"
          className="btn-primary btn-block"
        >
          Send me a link
        </SubmitButton>
      </form>
      <p className="text-center">
        Remembered it?{' '}
        <Link to="/login" className="link link-primary">
          Login
        </Link>
      </p>
    </div>
  );
}

function ResetLinkSent({ email, onAgain }: { email: string; onAgain: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the person was in has gone: take the focus to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="space-y-4">
      <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
        Check your email
      </h2>
      <p>
        If an account exists for <strong className="break-all">{email}</strong>, we have sent a link
        to set a new password. It expires in 1 hour.
      </p>
      <p className="text-sm text-base-content/80">
        Nothing there? Look in your spam folder, or{' '}
        <button type="button" className="link link-primary" onClick={onAgain}>
          try again
        </button>
        .
      </p>
      <p className="border-t border-base-300 pt-4 text-center">
        <Link to="/login" className="link link-primary">
          Back to login
        </Link>
      </p>
    </div>
  );
}
