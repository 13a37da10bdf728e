import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { VerifyEmailBanner } from './verify-email-banner';

afterEach(() => vi.unstubAllGlobals());

const sessionOf = (emailVerified: boolean) => ({
  user: { id: 'u1', name: 'Ada Builder', email: 'ada@example.com', role: 'user', emailVerified },
  session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
});

const options = (emailVerification: 'optional' | 'required') => () => ({
  body: { google: false, emailVerification, outbox: false },
});

const banner = () => screen.queryByRole('region', { name: 'Confirm your email' });

describe('VerifyEmailBanner', () => {
  it('asks a signed-in person to confirm their address, and sends the link again', async () => {
    let sends = 0;
    const api = mockApi({
      'GET /api/auth/get-session': () => ({ body: sessionOf(false) }),
      'GET /api/auth-options': options('optional'),
      'POST /api/auth/send-verification-email': () =>
        ++sends === 1
          ? { body: { status: true } }
          : {
              status: 429,
              headers: { 'retry-after': '30' },
              body: { error: 'rate_limited', message: 'Too many requests.' },
            },
    });
    const { user } = renderWithProviders(<VerifyEmailBanner />);

    const region = await screen.findByRole('region', { name: 'Confirm your email' });
    expect(region.textContent).toContain(
      'Please confirm your email address: we sent a link to ada@example.com.',
    );
    expect(region.textContent).not.toContain('before you can order');

    await user.click(within(region).getByRole('button', { name: 'Send it again' }));
    expect((await within(region).findByRole('status')).textContent).toBe('Sent');
    const send = api.mock.calls.find(([url]) => url === '/api/auth/send-verification-email');
    expect(JSON.parse(String(send?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      callbackURL: '/email-verified',
    });

    await user.click(within(region).getByRole('button', { name: 'Send it again' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'Too many requests. Try again in 30 seconds.',
    );
  });

  it('says the address must be confirmed before ordering when the shop requires it', async () => {
    mockApi({
      'GET /api/auth/get-session': () => ({ body: sessionOf(false) }),
      'GET /api/auth-options': options('required'),
    });
    renderWithProviders(<VerifyEmailBanner />);

    expect(await screen.findByText(/You need to confirm it before you can order\./)).toBeTruthy();
  });

  it('goes once the session says the address is confirmed', async () => {
    let verified = false;
    mockApi({
      'GET /api/auth/get-session': () => ({ body: sessionOf(verified) }),
      'GET /api/auth-options': options('optional'),
    });
    const { queryClient } = renderWithProviders(<VerifyEmailBanner />);
    expect(await screen.findByRole('region', { name: 'Confirm your email' })).toBeTruthy();

    verified = true;
    await queryClient.invalidateQueries({ queryKey: ['session'] });

    await waitFor(() => expect(banner()).toBeNull());
  });

  it('shows nothing to a confirmed person or a visitor, and asks nothing more', async () => {
    const api = mockApi({ 'GET /api/auth/get-session': () => ({ body: sessionOf(true) }) });
    const { unmount } = renderWithProviders(<VerifyEmailBanner />);
    await waitFor(() => expect(requestsMade(api)).toEqual(['GET /api/auth/get-session']));
    expect(banner()).toBeNull();
    unmount();

    mockApi({ 'GET /api/auth/get-session': () => ({ body: null }) });
    renderWithProviders(<VerifyEmailBanner />);
    await waitFor(() => expect(banner()).toBeNull());
  });
});
