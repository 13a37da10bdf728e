import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import { RootLayout } from './root-layout';

afterEach(() => vi.unstubAllGlobals());

const sessionOf = (emailVerified: boolean) => () => ({
  body: {
    user: { id: 'u1', name: 'Ada Builder', email: 'ada@example.com', role: 'user', emailVerified },
    session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
  },
});

describe('RootLayout', () => {
  it('shows the banner to confirm the email under the header, on any page', async () => {
    mockApi({
      'GET /api/auth/get-session': sessionOf(false),
      'GET /api/auth-options': () => ({
        body: { google: false, emailVerification: 'optional', outbox: false },
      }),
    });
    renderWithProviders(
      <RootLayout>
        <h1>Some page</h1>
      </RootLayout>,
    );

    const banner = await screen.findByRole('region', { name: 'Confirm your email' });
    expect(screen.getByRole('main').firstElementChild).toBe(banner);
    expect(screen.getByRole('heading', { name: 'Some page' })).toBeTruthy();
  });

  it('shows no banner once the address is confirmed', async () => {
    mockApi({ 'GET /api/auth/get-session': sessionOf(true) });
    renderWithProviders(
      <RootLayout>
        <h1>Some page</h1>
      </RootLayout>,
    );

    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Confirm your email' })).toBeNull();
  });
});
