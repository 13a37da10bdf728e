import type { OutboxMessage } from '@toolyard/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { OutboxList } from './outbox-list';

const message = (overrides: Partial<OutboxMessage>): OutboxMessage => ({
  _id: 'm1',
  topic: 'verify-email',
  to: 'ada@example.com',
  status: 'sent',
  subject: 'Confirm your email for Toolyard',
  text: 'Hello Ada,\n\nConfirm your address: http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Femail-verified\n\nToolyard',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  sentAt: '2026-11-23T10:00:05.000Z',
  keptAt: null,
  ...overrides,
});

describe('OutboxList', () => {
  it('shows who each message is to, what about and whether it went, with links to follow', async () => {
    const { user } = renderWithProviders(
      <OutboxList
        messages={[
          message({}),
          message({
            _id: 'm2',
            status: 'failed',
            attempts: 3,
            lastError: 'connect ECONNREFUSED 127.0.0.1:1025',
            sentAt: null,
            text: 'Reset: <b>not html</b> javascript:alert(1) https://shop.example/reset-password?token=x',
            subject: 'Set a new password',
          }),
          message({
            _id: 'm3',
            status: 'pending',
            attempts: 0,
            subject: null,
            text: null,
            sentAt: null,
            topic: 'reset-password',
          }),
        ]}
      />,
    );

    const [sent, failed, pending] = screen.getAllByRole('article').map((a) => within(a));
    if (!sent || !failed || !pending) throw new Error('three messages expected');

    expect(sent.getByRole('heading', { name: 'Confirm your email for Toolyard' })).toBeTruthy();
    expect(sent.getByText('ada@example.com')).toBeTruthy();
    expect(sent.getByText('sent')).toBeTruthy();
    expect(sent.getByText('Sent')).toBeTruthy();
    await user.click(sent.getByText('Show the message'));
    const link = sent.getByRole('link', {
      name: 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Femail-verified',
    });
    expect(link.getAttribute('href')).toBe(
      'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Femail-verified',
    );
    expect(link.parentElement?.textContent).toContain('Hello Ada,\n\nConfirm your address: ');

    expect(failed.getByText('failed')).toBeTruthy();
    expect(failed.getByText('3')).toBeTruthy();
    expect(failed.getByText('connect ECONNREFUSED 127.0.0.1:1025')).toBeTruthy();
    // The text stays text: markup is shown, not rendered, and only http(s) is a link.
    expect(failed.getByText(/<b>not html<\/b> javascript:alert\(1\)/)).toBeTruthy();
    expect(
      failed.getAllByRole('link', { hidden: true }).map((a) => a.getAttribute('href')),
    ).toEqual(['https://shop.example/reset-password?token=x']);
    expect(document.querySelector('b')).toBeNull();

    expect(pending.getByRole('heading', { name: 'Not composed yet: reset-password' })).toBeTruthy();
    expect(pending.getByText('pending')).toBeTruthy();
    expect(pending.queryByText('Show the message')).toBeNull();
  });

  it('shows a message kept with no SMTP_URL as kept, not as sent', () => {
    renderWithProviders(
      <OutboxList
        messages={[
          message({
            status: 'kept',
            sentAt: null,
            keptAt: '2026-11-23T10:00:05.000Z',
            attempts: 0,
          }),
        ]}
      />,
    );
    const kept = within(screen.getByRole('article'));
    expect(kept.getByText('kept')).toBeTruthy();
    expect(kept.queryByText('sent')).toBeNull();
    expect(kept.queryByText('Sent')).toBeNull();
    expect(kept.getByText('Kept')).toBeTruthy();
    expect(kept.getByText(/not sent: the shop has no SMTP_URL/)).toBeTruthy();
  });
});
