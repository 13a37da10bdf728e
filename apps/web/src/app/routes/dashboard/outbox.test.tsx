import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import OutboxPage from './outbox';

afterEach(() => vi.unstubAllGlobals());

const optionsWith = (outbox: boolean) => () => ({
  body: { google: false, emailVerification: 'optional', outbox },
});

const oneMessage = {
  _id: 'm1',
  topic: 'verify-email',
  to: 'ada@example.com',
  status: 'sent',
  subject: 'Confirm your email for Toolyard',
  text: 'Follow https://shop.example/verify?token=1',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  sentAt: '2026-11-23T10:00:05.000Z',
  keptAt: null,
};

describe('the outbox page', () => {
  it('says why it exists, and lists the messages a page at a time', async () => {
    const api = mockApi({
      'GET /api/auth-options': optionsWith(true),
      'GET /api/outbox?page=2&pageSize=20': () => ({
        body: [oneMessage],
        headers: { 'x-total-count': '21' },
      }),
    });
    renderWithProviders(<OutboxPage />, { path: '/dashboard/outbox?page=2' });

    expect(screen.getByText(/without a mail server/)).toBeTruthy();
    expect(
      await screen.findByRole('heading', { name: 'Confirm your email for Toolyard' }),
    ).toBeTruthy();
    expect(screen.getByText('21 messages, newest first')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(requestsMade(api)).toContain('GET /api/outbox?page=2&pageSize=20');
  });

  it('says when there are no messages yet', async () => {
    mockApi({
      'GET /api/auth-options': optionsWith(true),
      'GET /api/outbox?page=1&pageSize=20': () => ({
        body: [],
        headers: { 'x-total-count': '0' },
      }),
    });
    renderWithProviders(<OutboxPage />, { path: '/dashboard/outbox' });

    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });

  it('asks for nothing when the server does not offer the outbox', async () => {
    const api = mockApi({ 'GET /api/auth-options': optionsWith(false) });
    renderWithProviders(<OutboxPage />, { path: '/dashboard/outbox' });

    expect(await screen.findByText('The outbox is off on this server')).toBeTruthy();
    expect(requestsMade(api)).toEqual(['GET /api/auth-options']);
  });

  it('shows a failed load with a way to try again', async () => {
    let fail = true;
    mockApi({
      'GET /api/auth-options': optionsWith(true),
      'GET /api/outbox?page=1&pageSize=20': () =>
        fail
          ? { status: 404, body: { error: 'not_found', message: 'There is no outbox here.' } }
          : { body: [], headers: { 'x-total-count': '0' } },
    });
    const { user } = renderWithProviders(<OutboxPage />, { path: '/dashboard/outbox' });

    expect((await screen.findByRole('alert')).textContent).toContain('There is no outbox here.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet.')).toBeTruthy();
  });
});
