import { SIGN_UP_ANSWER } from '@toolyard/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import SignupPage from './signup';

afterEach(() => vi.unstubAllGlobals());

describe('the sign-up page', () => {
  it('says to check the email in place of the form, and sends the link again', async () => {
    let resends = 0;
    const api = mockApi({
      'GET /api/auth/get-session': () => ({ body: null }),
      'POST /api/auth/sign-up/email': () => ({ body: SIGN_UP_ANSWER }),
      'POST /api/auth/send-verification-email': () =>
        ++resends === 1
          ? { body: { status: true } }
          : {
              status: 429,
              headers: { 'retry-after': '40' },
              body: { error: 'rate_limited', message: 'Too many requests.' },
            },
    });
    const { user } = renderWithProviders(<SignupPage />, { path: '/signup' });

    await user.type(screen.getByLabelText('Name'), 'Ada Builder');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-1');
    await user.type(screen.getByLabelText('Confirm password'), 'long-enough-1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByRole('heading', { name: 'Create an account' })).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByText('ada@example.com').tagName).toBe('STRONG');
    expect(screen.getByText(/expires in 24 hours/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');

    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent a new link to ada@example.com.')).toBeTruthy();
    const resend = api.mock.calls.find(([url]) => url === '/api/auth/send-verification-email');
    expect(JSON.parse(String(resend?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      callbackURL: '/email-verified',
    });

    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Try again in 40 seconds.',
    );
    // Signing up signed nobody in: the session was read once, when the page opened.
    expect(requestsMade(api).filter((r) => r === 'GET /api/auth/get-session')).toHaveLength(1);
  });
});
