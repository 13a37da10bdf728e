import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import DashboardLayout from './dashboard-layout';

afterEach(() => vi.unstubAllGlobals());

const sessionAs = (role: 'user' | 'admin') => () => ({
  body: {
    user: { id: 'u1', name: 'Someone', email: 'someone@example.com', role, emailVerified: true },
    session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
  },
});

const sidebarLinks = async (count: number) => {
  const nav = screen.getByRole('navigation', { name: 'Dashboard' });
  await vi.waitFor(() => expect(within(nav).getAllByRole('link')).toHaveLength(count));
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

describe('DashboardLayout', () => {
  it('offers admins the outbox when the server has it', async () => {
    mockApi({
      'GET /api/auth/get-session': sessionAs('admin'),
      'GET /api/admin/someone%40example.com': () => ({ body: { admin: true } }),
      'GET /api/auth-options': () => ({
        body: { google: false, emailVerification: 'optional', outbox: true },
      }),
    });
    renderWithProviders(<DashboardLayout>page</DashboardLayout>, { path: '/dashboard' });

    expect(await sidebarLinks(8)).toEqual([
      'My Profile',
      'All Users',
      'Add Items',
      'Categories',
      'Manage Orders',
      'Messages',
      'Hidden Reviews',
      'Outbox',
    ]);
  });

  it('leaves the outbox out where the server has none, and never asks for a buyer', async () => {
    mockApi({
      'GET /api/auth/get-session': sessionAs('admin'),
      'GET /api/admin/someone%40example.com': () => ({ body: { admin: true } }),
      'GET /api/auth-options': () => ({
        body: { google: false, emailVerification: 'optional', outbox: false },
      }),
    });
    const admin = renderWithProviders(<DashboardLayout>page</DashboardLayout>);
    expect(await sidebarLinks(7)).not.toContain('Outbox');
    admin.unmount();

    const api = mockApi({
      'GET /api/auth/get-session': sessionAs('user'),
      'GET /api/admin/someone%40example.com': () => ({ body: { admin: false } }),
    });
    renderWithProviders(<DashboardLayout>page</DashboardLayout>);
    expect(await sidebarLinks(3)).toEqual(['My Profile', 'My Orders', 'Add Reviews']);
    expect(requestsMade(api)).not.toContain('GET /api/auth-options');
  });
});
