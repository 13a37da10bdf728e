import { zodResolver } from '@hookform/resolvers/zod';
import { NEW_PASSWORD_HINT, signupSchema, type SignupInput } from '@toolyard/shared';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';

const fieldNames = ['name', 'email', 'password'] as const;

/**
 * Name, email, password and its confirmation. A sign-up signs nobody in: the server mails a
 * link to confirm the address, and `onSignedUp` hears where it went.
 */
export function SignupForm({
  returnTo,
  onSignedUp,
}: {
  returnTo: string;
  onSignedUp: (email: string) => void;
}) {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: () => onSignedUp(values.email),
      onError: (error) => {
        // The server's per-field messages go next to their fields.
        if (!(error instanceof ApiError)) return;
        for (const field of fieldNames) {
          const message = error.fields[field];
          if (message) setError(field, { message });
        }
      },
    }),
  );

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={onSubmit}>
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={NEW_PASSWORD_HINT}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <FormError message={signUp.isError ? errorMessage(signUp.error) : null} />
        <SubmitButton
          busy={signUp.isPending}
          busyLabel="Creating your account…"
          className="btn-primary btn-block"
        >
          Create account
        </SubmitButton>
      </form>
      <p className="text-center">
        Already have an account?{' '}
        <Link to="/login" state={{ from: returnTo }} className="link link-primary">
          Login
        </Link>
      </p>
    </div>
  );
}
