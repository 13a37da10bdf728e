import { screen, waitFor, within } from '@testing-library/react';
import type { Review } from '@toolyard/shared';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import { ReviewsList } from './reviews-list';

afterEach(() => vi.unstubAllGlobals());

const reviewsNamed = (from: number, to: number): Review[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({
    _id: `r${from + i}`,
    name: `Review ${from + i}`,
    words: 'Good tools.',
    rating: 4,
  }));

const page = (reviews: Review[], total: number) => () => ({
  body: reviews,
  headers: { 'x-total-count': String(total) },
});

const sessionAs = (role: 'user' | 'admin') => () => ({
  body: {
    user: { id: 'u1', name: 'Someone', email: 'someone@example.com', role },
    session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
  },
});
const signedOut = () => ({ body: null });

const shownNames = () =>
  screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('ReviewsList', () => {
  it('shows the newest page and loads the next with "More reviews"', async () => {
    const api = mockApi({
      'GET /api/auth/get-session': signedOut,
      'GET /api/review': page(reviewsNamed(1, 12), 14),
      'GET /api/review?page=2&pageSize=12': page(reviewsNamed(13, 14), 14),
    });
    const { user } = renderWithProviders(<ReviewsList />);

    expect(await screen.findByText('Review 1')).toBeTruthy();
    expect(shownNames()).toHaveLength(12);
    expect(screen.getByText('Showing 12 of 14 reviews')).toBeTruthy();
    expect(requestsMade(api)).not.toContain('GET /api/review?page=2&pageSize=12');

    await user.click(screen.getByRole('button', { name: 'More reviews' }));

    expect(await screen.findByText('Review 14')).toBeTruthy();
    expect(shownNames()).toEqual(reviewsNamed(1, 14).map((r) => r.name));
    expect(screen.getByText('Showing 14 of 14 reviews')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More reviews' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Hide/ })).toBeNull();
  });

  it('lists a review once when a new one shifted the pages between loads', async () => {
    mockApi({
      'GET /api/auth/get-session': signedOut,
      'GET /api/review': page(reviewsNamed(1, 12), 13),
      // Review 0 arrived meanwhile: Review 12 is now first on page 2.
      'GET /api/review?page=2&pageSize=12': page(reviewsNamed(12, 13), 14),
    });
    const { user } = renderWithProviders(<ReviewsList />);

    await user.click(await screen.findByRole('button', { name: 'More reviews' }));

    expect(await screen.findByText('Review 13')).toBeTruthy();
    expect(shownNames()).toEqual(reviewsNamed(1, 13).map((r) => r.name));
  });

  it('says so when there are no reviews, and offers to retry a failed load', async () => {
    let fail = true;
    mockApi({
      'GET /api/auth/get-session': signedOut,
      'GET /api/review': () =>
        fail
          ? { status: 500, body: { error: 'internal_error', message: 'Something broke.' } }
          : page([], 0)(),
    });
    const { user } = renderWithProviders(<ReviewsList />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side. Please try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('No reviews yet')).toBeTruthy();
  });

  it('lets an admin hide a review after confirming, then toasts and drops it', async () => {
    let hidden = false;
    const api = mockApi({
      'GET /api/auth/get-session': sessionAs('admin'),
      'GET /api/review': () =>
        page(hidden ? reviewsNamed(2, 3) : reviewsNamed(1, 3), hidden ? 2 : 3)(),
      'PUT /api/review/r1/hidden': (body) => {
        expect(body).toEqual({ hidden: true });
        hidden = true;
        return { body: { _id: 'r1', hidden: true } };
      },
    });
    const { user } = renderWithProviders(
      <>
        <ReviewsList canHide />
        <ToastContainer />
      </>,
    );

    await user.click(await screen.findByRole('button', { name: 'Hide the review by Review 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this review from the shop?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsMade(api)).not.toContain('PUT /api/review/r1/hidden');
    expect(shownNames()).toEqual(['Review 1', 'Review 2', 'Review 3']);

    await user.click(screen.getByRole('button', { name: 'Hide the review by Review 1' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Hide this review from the shop?' })).getByRole(
        'button',
        { name: 'Hide' },
      ),
    );

    expect(await screen.findByText('The review is hidden from the shop.')).toBeTruthy();
    await waitFor(() => expect(shownNames()).toEqual(['Review 2', 'Review 3']));
    expect(requestsMade(api).filter((r) => r.startsWith('PUT'))).toEqual([
      'PUT /api/review/r1/hidden',
    ]);
  });

  it('shows no Hide button to a buyer', async () => {
    mockApi({
      'GET /api/auth/get-session': sessionAs('user'),
      'GET /api/review': page(reviewsNamed(1, 2), 2),
    });
    renderWithProviders(<ReviewsList />);

    expect(await screen.findByText('Review 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Hide/ })).toBeNull();
  });
});
