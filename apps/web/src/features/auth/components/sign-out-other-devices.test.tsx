import { screen, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { SignOutOtherDevices } from './sign-out-other-devices';

afterEach(() => vi.unstubAllGlobals());

describe('SignOutOtherDevices', () => {
  it('asks first, sends nothing on Cancel, and signs the other devices out on confirming', async () => {
    const api = mockApi({
      'POST /api/auth/revoke-other-sessions': () => ({ body: { status: true } }),
    });
    const { user } = renderWithProviders(
      <>
        <SignOutOtherDevices />
        <ToastContainer />
      </>,
    );

    await user.click(screen.getByRole('button', { name: 'Sign out of other devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign out of other devices?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsMade(api)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign out of other devices' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Sign out of other devices?' })).getByRole(
        'button',
        { name: 'Sign them out' },
      ),
    );

    expect(await screen.findByText('You are signed out on every other device.')).toBeTruthy();
    expect(requestsMade(api)).toEqual(['POST /api/auth/revoke-other-sessions']);
    expect((screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement).open).toBe(false);
  });

  it('says why when it could not', async () => {
    mockApi({
      'POST /api/auth/revoke-other-sessions': () => ({
        status: 401,
        body: { error: 'unauthorized', message: 'Please sign in to continue.' },
      }),
    });
    const { user } = renderWithProviders(
      <>
        <SignOutOtherDevices />
        <ToastContainer />
      </>,
    );

    await user.click(screen.getByRole('button', { name: 'Sign out of other devices' }));
    await user.click(screen.getByRole('button', { name: 'Sign them out' }));

    expect(await screen.findByText('Please sign in to continue.')).toBeTruthy();
  });
});
