import { screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { useSession } from '../api/get-session';
import { ResetPasswordForm } from './reset-password-form';

afterEach(() => vi.unstubAllGlobals());

const signedIn = {
  user: { id: 'u1', name: 'Ada Builder', email: 'ada@example.com', emailVerified: true },
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
};

/** The session as the app's menu shows it. */
function Menu() {
  const session = useSession();
  return <p>{session.data ? `Signed in as ${session.data.user.name}` : 'Signed out'}</p>;
}

function renderForm() {
  return renderWithProviders(
    <>
      <Menu />
      <ResetPasswordForm token="tok-123" />
      <ToastContainer />
    </>,
    { path: '/reset-password?token=tok-123' },
  );
}

async function choose(
  user: ReturnType<typeof renderForm>['user'],
  password: string,
  confirm = password,
) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordForm', () => {
  it('refuses passwords that do not match and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderForm();

    await choose(user, 'new-password-1', 'new-password-2');

    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(requestsMade(api)).not.toContain('POST /api/auth/reset-password');
  });

  it('sets the password, reads the new session, says so and goes to the dashboard', async () => {
    let signedInNow = false;
    const api = mockApi({
      'POST /api/auth/reset-password': () => {
        signedInNow = true;
        return { body: { status: true } };
      },
      'GET /api/auth/get-session': () => ({ body: signedInNow ? signedIn : null }),
    });
    const { user } = renderForm();
    expect(await screen.findByText('Signed out')).toBeTruthy();

    await choose(user, 'new-password-1');

    expect(await screen.findByText('Your new password is set.')).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard');
    // The session was read again before leaving: the dashboard's guard finds the person.
    expect(screen.getByText('Signed in as Ada Builder')).toBeTruthy();
    const reset = api.mock.calls.find(([url]) => url === '/api/auth/reset-password');
    expect(JSON.parse(String(reset?.[1]?.body))).toEqual({
      token: 'tok-123',
      newPassword: 'new-password-1',
    });
  });

  it('says a used or expired link is not valid any more, and leads to a new one', async () => {
    mockApi({
      'POST /api/auth/reset-password': () => ({
        status: 400,
        body: { error: 'invalid_token', message: 'This link is not valid any more.' },
      }),
    });
    const { user } = renderForm();

    await choose(user, 'new-password-1');

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'This link is not valid any more',
    });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(window.location.pathname).toBe('/reset-password');
  });

  it("shows the server's word on a common password at the field", async () => {
    mockApi({
      'POST /api/auth/reset-password': () => ({
        status: 400,
        body: {
          error: 'invalid_input',
          message: 'Some of the information sent was not valid.',
          fields: {
            newPassword:
              'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
          },
        },
      }),
    });
    const { user } = renderForm();

    await choose(user, 'password1234');

    expect(
      await screen.findByText(
        'This password is too easy to guess. This is a heavily used password. Add more words that are less common.',
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('');
  });
});
