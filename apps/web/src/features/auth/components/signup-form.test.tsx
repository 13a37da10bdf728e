import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { SignupForm } from './signup-form';

afterEach(() => vi.unstubAllGlobals());

async function fillIn(
  user: ReturnType<typeof renderWithProviders>['user'],
  values: { name: string; email: string; password: string; confirm: string },
) {
  await user.type(screen.getByLabelText('Name'), values.name);
  await user.type(screen.getByLabelText('Email'), values.email);
  await user.type(screen.getByLabelText('Password'), values.password);
  await user.type(screen.getByLabelText('Confirm password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('SignupForm', () => {
  it('refuses passwords that do not match, next to the confirmation', async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<SignupForm returnTo="/" />);

    await fillIn(user, {
      name: 'Ada Builder',
      email: 'ada@example.com',
      password: 'long-enough-1',
      confirm: 'long-enough-2',
    });

    const confirm = screen.getByLabelText('Confirm password');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    expect(requestsMade(api)).toEqual([]);
  });

  it('asks for at least 8 characters', async () => {
    mockApi({});
    const { user } = renderWithProviders(<SignupForm returnTo="/" />);
    await fillIn(user, {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'short',
      confirm: 'short',
    });
    expect(await screen.findByText('At least 8 characters needed')).toBeTruthy();
  });

  it('sends name, email and password, and shows a duplicate email clearly', async () => {
    const api = mockApi({
      'POST /api/auth/sign-up/email': () => ({
        status: 409,
        body: {
          error: 'user_already_exists',
          message: 'An account with this email already exists. Sign in instead.',
        },
      }),
    });
    const { user } = renderWithProviders(<SignupForm returnTo="/" />);

    await fillIn(user, {
      name: 'Ada Builder',
      email: 'ada@example.com',
      password: 'long-enough-1',
      confirm: 'long-enough-1',
    });

    expect(
      await screen.findByText('An account with this email already exists. Sign in instead.'),
    ).toBeTruthy();
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada Builder',
      email: 'ada@example.com',
      password: 'long-enough-1',
    });
  });
});
