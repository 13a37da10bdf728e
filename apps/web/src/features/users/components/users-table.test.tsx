import type { UserSummary } from '@toolyard/shared';
import { screen, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { UsersTable } from './users-table';

afterEach(() => vi.unstubAllGlobals());

const newcomer: UserSummary = {
  _id: 'u-new',
  email: 'new@example.com',
  name: 'New Person',
  role: 'user',
  joined: '2026-05-01T10:00:00.000Z',
};

describe('UsersTable', () => {
  it("says why an account that has not confirmed its address can't be made an admin", async () => {
    const message =
      'new@example.com has not confirmed their email address yet. They can be made an admin once they have followed the link we mailed them.';
    mockApi({
      'PUT /api/user/admin/new%40example.com': () => ({
        status: 409,
        body: { error: 'email_not_verified', message },
      }),
    });
    const { user } = renderWithProviders(
      <>
        <UsersTable users={[newcomer]} currentEmail="admin@example.com" />
        <ToastContainer />
      </>,
    );

    const row = screen.getAllByRole('row').find((r) => within(r).queryByText(newcomer.email));
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Make Admin' }));

    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Successfully made an admin')).toBeNull();
  });
});
