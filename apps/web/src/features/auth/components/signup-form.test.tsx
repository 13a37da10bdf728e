import { SIGN_UP_ANSWER } from '@toolyard/shared';
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
    const { user } = renderWithProviders(<SignupForm returnTo="/" onSignedUp={vi.fn()} />);

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
    const { user } = renderWithProviders(<SignupForm returnTo="/" onSignedUp={vi.fn()} />);
    await fillIn(user, {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'short',
      confirm: 'short',
    });
    expect(await screen.findByText('At least 8 characters needed')).toBeTruthy();
  });

  it('sends name, email and password, signs nobody in, and says where the link went', async () => {
    const api = mockApi({
      'POST /api/auth/sign-up/email': () => ({ body: SIGN_UP_ANSWER }),
    });
    const onSignedUp = vi.fn();
    const { user } = renderWithProviders(<SignupForm returnTo="/" onSignedUp={onSignedUp} />);

    await fillIn(user, {
      name: 'Ada Builder',
      email: ' ada@example.com ',
      password: 'long-enough-1',
      confirm: 'long-enough-1',
    });

    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalledWith('ada@example.com'));
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada Builder',
      email: 'ada@example.com',
      password: 'long-enough-1',
    });
    // No session to read: the link in the mail signs the person in.
    expect(requestsMade(api)).toEqual(['POST /api/auth/sign-up/email']);
  });

  it("puts the server's field messages next to their fields", async () => {
    mockApi({
      'POST /api/auth/sign-up/email': () => ({
        status: 400,
        body: {
          error: 'validation_failed',
          message: 'Some of the information sent was not valid.',
          fields: {
            password:
              'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
          },
        },
      }),
    });
    const onSignedUp = vi.fn();
    const { user } = renderWithProviders(<SignupForm returnTo="/" onSignedUp={onSignedUp} />);

    await fillIn(user, {
      name: 'Ada Builder',
      email: 'ada@example.com',
      password: 'password1234',
      confirm: 'password1234',
    });

    expect(
      await screen.findByText(
        'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(onSignedUp).not.toHaveBeenCalled();
  });
});
