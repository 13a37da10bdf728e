import { screen, waitFor } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { ReviewForm } from './review-form';

afterEach(() => vi.unstubAllGlobals());

describe('ReviewForm', () => {
  it('asks for a name and a rating before sending', async () => {
    const api = mockApi({});
    const { user } = renderWithProviders(<ReviewForm />);

    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByText('Name Is Required')).toBeTruthy();
    expect(screen.getByText('Choose a rating')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Rating' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(requestsMade(api)).toEqual([]);
  });

  it('sends the stars chosen, thanks the reviewer and clears the form', async () => {
    const api = mockApi({
      'POST /api/review': (body) => ({
        status: 201,
        body: { _id: 'r1', ...(body as object) },
      }),
    });
    const { user } = renderWithProviders(
      <>
        <ReviewForm />
        <ToastContainer />
      </>,
    );

    await user.type(screen.getByLabelText('Name'), 'Birch & Sons');
    await user.type(screen.getByLabelText('Your review'), 'Sharp blades, fast shipping.');
    const stars = screen.getByRole('radiogroup', { name: 'Rating' });
    expect(screen.getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(stars.querySelector(':checked')?.getAttribute('aria-label')).toBe('4 stars');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    expect(await screen.findByText('Thanks for your review!')).toBeTruthy();
    const [, init] = api.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Birch & Sons',
      words: 'Sharp blades, fast shipping.',
      rating: 4,
    });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
  });

  it('shows the server’s answer at the hourly limit, with when to try again', async () => {
    mockApi({
      'POST /api/review': () => ({
        status: 429,
        body: {
          error: 'rate_limited',
          message: 'You have posted 5 reviews in the last hour. Try again later.',
        },
        headers: { 'retry-after': '1500' },
      }),
    });
    const { user } = renderWithProviders(<ReviewForm />);

    await user.type(screen.getByLabelText('Name'), 'Birch & Sons');
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Add Review' }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'You have posted 5 reviews in the last hour. Try again in 25 minutes.',
      ),
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Birch & Sons');
  });
});
