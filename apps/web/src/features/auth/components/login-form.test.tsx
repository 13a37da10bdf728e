import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { LoginForm } from './login-form';

afterEach(() => vi.unstubAllGlobals());

const withoutGoogle = { 'GET /api/auth-options': () => ({ body: { google: false } }) };

describe('LoginForm', () => {
  it("shows the spec's messages under empty fields and sends nothing", async () => {
    const api = mockApi(withoutGoogle);
    const { user } = renderWithProviders(<LoginForm returnTo="/" />);

    await user.click(screen.getByRole('button', { name: 'Login' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(await screen.findByText('Email Is Required')).toBeTruthy();
    expect(screen.getByText('Password Is Required')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    // The message is what describes the field to a screen reader.
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Email Is Required');
    expect(requestsMade(api)).not.toContain('POST /api/auth/sign-in/email');
  });

  it('asks for a valid email and at least 6 characters', async () => {
    mockApi(withoutGoogle);
    const { user } = renderWithProviders(<LoginForm returnTo="/" />);

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Provide a valid Email')).toBeTruthy();
    expect(screen.getByText('At least 6 characters needed')).toBeTruthy();
  });

  it("shows the server's answer in red under the form", async () => {
    const api = mockApi({
      ...withoutGoogle,
      'POST /api/auth/sign-in/email': () => ({
        status: 401,
        body: { error: 'invalid_email_or_password', message: 'Invalid email or password' },
      }),
    });
    const { user } = renderWithProviders(<LoginForm returnTo="/" />);

    await user.type(screen.getByLabelText('Email'), 'buyer@toolyard.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByText('Invalid email or password');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.className).toContain('text-error');
    const signIn = api.mock.calls.find(([url]) => url === '/api/auth/sign-in/email');
    expect(JSON.parse(String(signIn?.[1]?.body))).toEqual({
      email: 'buyer@toolyard.test',
      password: 'wrong-password',
    });
  });

  it('says when Google sign-in is not configured, and disables the button', async () => {
    mockApi(withoutGoogle);
    renderWithProviders(<LoginForm returnTo="/" />);

    expect(await screen.findByText('Google sign-in is not configured on this server')).toBeTruthy();
    const google = screen.getByRole('button', { name: /Continue With Google/ });
    expect((google as HTMLButtonElement).disabled).toBe(true);
  });

  it('starts Google sign-in with where to come back to', async () => {
    const assign = vi.fn();
    // Location's members are not its own enumerable properties: copy what the router reads.
    const { pathname, search, hash } = window.location;
    vi.stubGlobal('location', { ...window.location, pathname, search, hash, assign });
    const api = mockApi({
      'GET /api/auth-options': () => ({ body: { google: true } }),
      'POST /api/auth/sign-in/social': () => ({
        body: { url: 'https://accounts.example/authorize?state=x', redirect: true },
      }),
    });
    const { user } = renderWithProviders(<LoginForm returnTo="/dashboard/myOrders" />);

    const google = await screen.findByRole('button', { name: /Continue With Google/ });
    await vi.waitFor(() => expect((google as HTMLButtonElement).disabled).toBe(false));
    await user.click(google);

    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://accounts.example/authorize?state=x'),
    );
    const start = api.mock.calls.find(([url]) => url === '/api/auth/sign-in/social');
    expect(JSON.parse(String(start?.[1]?.body))).toEqual({
      provider: 'google',
      callbackURL: '/dashboard/myOrders',
      errorCallbackURL: '/login?from=%2Fdashboard%2FmyOrders',
    });
  });

  it('shows a notice it is given, such as a failed Google sign-in', async () => {
    mockApi(withoutGoogle);
    renderWithProviders(
      <LoginForm returnTo="/" notice="Google sign-in did not complete. Please try again." />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Google sign-in did not complete. Please try again.',
    );
  });

  it('leads to a new password for those who forgot theirs', () => {
    mockApi(withoutGoogle);
    renderWithProviders(<LoginForm returnTo="/" />);

    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
