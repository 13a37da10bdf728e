import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@toolyard/shared';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-client';
import { useSignIn } from '../api/sign-in';
import { GoogleSignInButton } from './google-sign-in-button';

/**
 * The spec's login form: Email, Password and Login, its messages under the fields, the
 * server's answer in red under the form, and Continue With Google; a link for a forgotten
 * password.
 * `returnTo` is where the person goes afterwards; `notice` is an error to show on arrival.
 */
export function LoginForm({ returnTo, notice }: { returnTo: string; notice?: string | null }) {
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const serverError = signIn.isError ? errorMessage(signIn.error) : notice;

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={handleSubmit((values) => signIn.mutate(values))}>
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
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <p className="mb-1 text-right text-sm">
          <Link to="/forgot-password" className="link link-primary">
            Forgot your password?
          </Link>
        </p>
        <FormError message={serverError} />
        <SubmitButton
          busy={signIn.isPending}
          busyLabel="Signing in…"
          className="btn-primary btn-block"
        >
          Login
        </SubmitButton>
      </form>
      <div className="divider">OR</div>
      <GoogleSignInButton returnTo={returnTo} />
      <p className="text-center">
        New to Toolyard?{' '}
        <Link to="/signup" state={{ from: returnTo }} className="link link-primary">
          Create an account
        </Link>
      </p>
    </div>
  );
}
