import { screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import EmailVerifiedPage from './email-verified';

afterEach(() => vi.unstubAllGlobals());

const signedIn = () => ({
  body: {
    user: { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'user', emailVerified: true },
    session: { id: 's1', expiresAt: '2030-01-01T00:00:00.000Z' },
  },
});

describe('the email-verified page', () => {
  it('says the email is confirmed, reading the new session again even if one is cached', async () => {
    const api = mockApi({ 'GET /api/auth/get-session': signedIn });
    function FollowLink() {
      const [followed, setFollowed] = useState(false);
      if (followed) return <EmailVerifiedPage />;
      return (
        <button type="button" onClick={() => setFollowed(true)}>
          Follow the link
        </button>
      );
    }
    const { user, queryClient } = renderWithProviders(<FollowLink />, { path: '/email-verified' });
    // Signed out a moment ago, and fresh for as long as the app's cache keeps it.
    queryClient.setQueryDefaults(['session'], { staleTime: Infinity });
    queryClient.setQueryData(['session'], null);

    await user.click(screen.getByRole('button', { name: 'Follow the link' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Your email is confirmed' })).toBeTruthy();
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe(
      '/allItems',
    );
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(requestsMade(api)).toEqual(['GET /api/auth/get-session']);
  });

  it('says a link that is not valid any more, and sends a new one', async () => {
    const api = mockApi({
      'GET /api/auth/get-session': () => ({ body: null }),
      'POST /api/auth/send-verification-email': () => ({ body: { status: true } }),
    });
    const { user } = renderWithProviders(<EmailVerifiedPage />, {
      path: '/email-verified?error=TOKEN_EXPIRED',
    });

    expect(
      screen.getByRole('heading', { level: 1, name: 'This link is not valid any more' }),
    ).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));

    expect((await screen.findByRole('status')).textContent).toBe(
      'If ada@example.com is waiting to be confirmed, we sent a new link to it. It expires in 24 hours.',
    );
    const send = api.mock.calls.find(([url]) => url === '/api/auth/send-verification-email');
    expect(JSON.parse(String(send?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      callbackURL: '/email-verified',
    });
  });
});
