import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { ForgotPasswordForm } from './forgot-password-form';

afterEach(() => vi.unstubAllGlobals());

describe('ForgotPasswordForm', () => {
  it('asks for a valid email and sends nothing without one', async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<ForgotPasswordForm />);

    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Email Is Required')).toBeTruthy();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Provide a valid Email')).toBeTruthy();
    expect(requestsMade(api)).toEqual([]);
  });

  it('asks for a link to the reset page, and answers alike whether or not there is an account', async () => {
    const api = mockApi({
      'POST /api/auth/request-password-reset': () => ({
        body: { status: true, message: 'If this email exists, we sent a link.' },
      }),
    });
    const { user } = renderWithProviders(<ForgotPasswordForm />);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));

    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/If an account exists for/).textContent).toBe(
      'If an account exists for ada@example.com, we have sent a link to set a new password. It expires in 1 hour.',
    );
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      redirectTo: '/reset-password',
    });

    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('says how long to wait when asked too often', async () => {
    mockApi({
      'POST /api/auth/request-password-reset': () => ({
        status: 429,
        headers: { 'retry-after': '120' },
        body: { error: 'rate_limited', message: 'Too many requests.' },
      }),
    });
    const { user } = renderWithProviders(<ForgotPasswordForm />);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));

    expect((await screen.findByText(/Try again in 2 minutes/)).getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('heading', { name: 'Check your email' })).toBeNull();
  });
});
