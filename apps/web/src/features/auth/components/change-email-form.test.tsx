import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { ChangeEmailForm } from './change-email-form';

afterEach(() => vi.unstubAllGlobals());

describe('ChangeEmailForm', () => {
  it('sends a link to the new address and says the email changes when it is followed', async () => {
    const api = mockApi({ 'POST /api/auth/change-email': () => ({ body: { status: true } }) });
    const { user } = renderWithProviders(<ChangeEmailForm currentEmail="ada@example.com" />);

    await user.type(screen.getByLabelText('New email'), 'ada@workshop.example');
    await user.click(screen.getByRole('button', { name: 'Change email' }));

    expect(
      await screen.findByText(
        'We sent a link to ada@workshop.example. Your email changes when you follow it.',
      ),
    ).toBeTruthy();
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      newEmail: 'ada@workshop.example',
      callbackURL: '/email-verified',
    });
    expect(screen.getByLabelText<HTMLInputElement>('New email').value).toBe('');
  });

  it('refuses the current address and an invalid one without sending', async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<ChangeEmailForm currentEmail="ada@example.com" />);

    await user.type(screen.getByLabelText('New email'), 'ADA@example.com');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('This is already the email of your account.')).toBeTruthy();

    await user.clear(screen.getByLabelText('New email'));
    await user.type(screen.getByLabelText('New email'), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Change email' }));
    expect(await screen.findByText('Provide a valid Email')).toBeTruthy();
    expect(requestsMade(api)).toEqual([]);
  });

  it("shows the server's refusal under the form", async () => {
    mockApi({
      'POST /api/auth/change-email': () => ({
        status: 429,
        body: { error: 'rate_limited', message: 'Too many attempts. Please wait a moment.' },
      }),
    });
    const { user } = renderWithProviders(<ChangeEmailForm currentEmail="ada@example.com" />);

    await user.type(screen.getByLabelText('New email'), 'ada@workshop.example');
    await user.click(screen.getByRole('button', { name: 'Change email' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a moment.',
    );
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
