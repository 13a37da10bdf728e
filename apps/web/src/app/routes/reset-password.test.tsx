import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '@/test/render';
import ResetPasswordPage from './reset-password';

afterEach(() => vi.unstubAllGlobals());

describe('the reset-password page', () => {
  it.each(['/reset-password?error=INVALID_TOKEN', '/reset-password', '/reset-password?token='])(
    'at %s says the link is not valid and leads to a new one',
    (path) => {
      mockApi({});
      renderWithProviders(<ResetPasswordPage />, { path });

      expect(
        screen.getByRole('heading', { level: 1, name: 'This link is not valid any more' }),
      ).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
        '/forgot-password',
      );
      expect(screen.queryByLabelText('New password')).toBeNull();
    },
  );

  it('with a token asks for the new password', () => {
    mockApi({});
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?token=abc' });

    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });
});
