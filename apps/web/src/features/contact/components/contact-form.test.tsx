import { screen } from '@testing-library/react';
import { useState } from 'react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { CONTACT_THANKS, ContactForm } from './contact-form';

afterEach(() => vi.unstubAllGlobals());

const describedText = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

const stored = (body: unknown) => ({
  status: 201,
  body: { _id: 'm1', ...(body as object), createdAt: '2026-11-23T13:00:00.000Z' },
});

describe('ContactForm', () => {
  it('shows each field’s message under it and sends nothing', async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<ContactForm />);

    await user.type(screen.getByLabelText('Email Address'), 'visitor@');
    await user.type(screen.getByLabelText('Subject'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const email = screen.getByLabelText('Email Address');
    expect(await screen.findByText('Provide a valid Email')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(email)).toBe('Provide a valid Email');
    expect(describedText(screen.getByLabelText('Subject'))).toBe('Subject Is Required');
    expect(describedText(screen.getByLabelText('Your Message'))).toBe('Message Is Required');
    expect(requestsMade(api)).toEqual([]);
  });

  it('refuses a message over 2,000 characters before sending', async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<ContactForm />);

    await user.type(screen.getByLabelText('Email Address'), 'visitor@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Long one');
    await user.click(screen.getByLabelText('Your Message'));
    await user.paste('m'.repeat(2001));
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Message must be at most 2000 characters')).toBeTruthy();
    expect(requestsMade(api)).toEqual([]);
  });

  it('fills in a signed-in person’s email, sends the message, thanks them and clears the rest', async () => {
    const api = mockApi({ 'POST /api/contact': stored });
    const { user } = renderWithProviders(
      <>
        <ContactForm defaultEmail="buyer@toolyard.test" />
        <ToastContainer />
      </>,
    );

    const email = screen.getByLabelText<HTMLInputElement>('Email Address');
    expect(email.value).toBe('buyer@toolyard.test');
    await user.type(screen.getByLabelText('Subject'), '  Quote for 40 drills ');
    await user.type(screen.getByLabelText('Your Message'), 'For our site in Leeds.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(CONTACT_THANKS)).toBeTruthy();
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'buyer@toolyard.test',
      subject: 'Quote for 40 drills',
      message: 'For our site in Leeds.',
    });
    expect(email.value).toBe('buyer@toolyard.test');
    expect(screen.getByLabelText<HTMLInputElement>('Subject').value).toBe('');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your Message').value).toBe('');
  });

  it('fills in the email when the session arrives after the form, unless one was typed', async () => {
    mockApi({});
    function SessionArrivesLater() {
      const [email, setEmail] = useState<string>();
      return (
        <>
          <button type="button" onClick={() => setEmail('buyer@toolyard.test')}>
            Session arrives
          </button>
          <ContactForm defaultEmail={email} />
        </>
      );
    }

    const first = renderWithProviders(<SessionArrivesLater />);
    const email = screen.getByLabelText<HTMLInputElement>('Email Address');
    expect(email.value).toBe('');
    await first.user.click(screen.getByRole('button', { name: 'Session arrives' }));
    expect(email.value).toBe('buyer@toolyard.test');
    first.unmount();

    const second = renderWithProviders(<SessionArrivesLater />);
    const typed = screen.getByLabelText<HTMLInputElement>('Email Address');
    await second.user.type(typed, 'site-office@example.com');
    await second.user.click(screen.getByRole('button', { name: 'Session arrives' }));
    expect(typed.value).toBe('site-office@example.com');
  });

  it('cannot be sent twice while sending', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderWithProviders(<ContactForm />);

    await user.type(screen.getByLabelText('Email Address'), 'visitor@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Your Message'), 'Are you open on Saturdays?');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const busy = await screen.findByRole('button', { name: /Sending/ });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await user.click(busy);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer(
      new Response(
        JSON.stringify({
          _id: 'm1',
          email: 'visitor@example.com',
          subject: 'Hello',
          message: 'Are you open on Saturdays?',
          createdAt: '2026-11-23T13:00:00.000Z',
        }),
        { status: 201, headers: { 'content-type': 'application/json' } },
      ),
    );
    expect(
      ((await screen.findByRole('button', { name: 'Submit' })) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('says clearly when too many messages were sent, and when to try again', async () => {
    mockApi({
      'POST /api/contact': () => ({
        status: 429,
        body: { error: 'rate_limited', message: 'Too many messages from this address.' },
        headers: { 'retry-after': '1800' },
      }),
    });
    const { user } = renderWithProviders(<ContactForm />);

    await user.type(screen.getByLabelText('Email Address'), 'visitor@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Your Message'), 'Once more.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const alert = await screen.findByRole('alert');
    await vi.waitFor(() =>
      expect(alert.textContent).toBe(
        'Too many messages from this address. Try again in 30 minutes.',
      ),
    );
    // What was typed stays, to send later.
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your Message').value).toBe('Once more.');
  });

  it('shows the server’s field messages under the fields', async () => {
    mockApi({
      'POST /api/contact': () => ({
        status: 400,
        body: {
          error: 'invalid_input',
          message: 'Some field values are not valid.',
          fields: { email: 'Provide a valid Email' },
        },
      }),
    });
    const { user } = renderWithProviders(<ContactForm />);

    await user.type(screen.getByLabelText('Email Address'), 'visitor@example.com');
    await user.type(screen.getByLabelText('Subject'), 'Hello');
    await user.type(screen.getByLabelText('Your Message'), 'Hi.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Provide a valid Email')).toBeTruthy();
    expect(describedText(screen.getByLabelText('Email Address'))).toBe('Provide a valid Email');
  });
});
