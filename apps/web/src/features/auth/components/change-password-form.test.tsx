import { screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { ChangePasswordForm } from './change-password-form';

afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  return renderWithProviders(
    <>
      <ChangePasswordForm />
      <ToastContainer />
    </>,
  );
}

async function fillIn(
  user: ReturnType<typeof renderForm>['user'],
  current: string,
  next: string,
  confirm = next,
) {
  await user.type(screen.getByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('asks for the current password and a matching new one, and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderForm();

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current Password Is Required')).toBeTruthy();
    await fillIn(user, 'old-password', 'new-password-1', 'new-password-2');
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(requestsMade(api)).toEqual([]);
  });

  it('shows a wrong current password at its field', async () => {
    mockApi({
      'POST /api/auth/change-password': () => ({
        status: 400,
        body: { error: 'invalid_password', message: 'Your current password is not right.' },
      }),
    });
    const { user } = renderForm();

    await fillIn(user, 'not-my-password', 'new-password-1');

    const current = screen.getByLabelText('Current password');
    expect(await screen.findByText('Your current password is not right.')).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    const describedBy = current.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'Your current password is not right.',
    );
    // Said once, at the field: not again under the form.
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('changes the password, says other devices were signed out, and clears the form', async () => {
    const api = mockApi({
      'POST /api/auth/change-password': () => ({ body: { status: true } }),
    });
    const { user } = renderForm();

    await fillIn(user, 'old-password', 'new-password-1');

    expect(
      await screen.findByText('Your password is changed. Other devices were signed out.'),
    ).toBeTruthy();
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('');
  });
});
