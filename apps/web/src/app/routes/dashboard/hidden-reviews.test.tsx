import { screen, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, requestsMade } from '@/test/render';
import HiddenReviewsPage from './hidden-reviews';

afterEach(() => vi.unstubAllGlobals());

const spam = {
  _id: 'r-spam',
  name: 'Spam Co',
  words: 'Buy my stuff',
  rating: 1,
  hiddenAt: '2026-11-23T10:00:00.000Z',
  hiddenBy: 'admin@example.com',
};

const renderPage = (path = '/dashboard/hidden-reviews') =>
  renderWithProviders(
    <>
      <HiddenReviewsPage />
      <ToastContainer />
    </>,
    { path },
  );

describe('the hidden reviews page', () => {
  it('lists hidden reviews a page at a time, with who hid each and when', async () => {
    const api = mockApi({
      'GET /api/review/hidden?page=2&pageSize=20': () => ({
        body: [spam],
        headers: { 'x-total-count': '21' },
      }),
    });
    renderPage('/dashboard/hidden-reviews?page=2');

    const card = within(
      (await screen.findByRole('heading', { name: 'Spam Co' })).closest('article') as HTMLElement,
    );
    expect(card.getByText('Buy my stuff')).toBeTruthy();
    expect(card.getByRole('img', { name: '1 out of 5 stars' })).toBeTruthy();
    expect(card.getByText(/by admin@example\.com/)).toBeTruthy();
    expect(
      card
        .getByText(/^Hidden/)
        .querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe(spam.hiddenAt);
    expect(screen.getByText('21 reviews, most recently hidden first')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(requestsMade(api)).toEqual(['GET /api/review/hidden?page=2&pageSize=20']);
  });

  it('shows a review again: asks the server, says so, and reads the list again', async () => {
    let hidden = [spam];
    const api = mockApi({
      'GET /api/review/hidden?page=1&pageSize=20': () => ({
        body: hidden,
        headers: { 'x-total-count': String(hidden.length) },
      }),
      'PUT /api/review/r-spam/hidden': (body) => {
        expect(body).toEqual({ hidden: false });
        hidden = [];
        return { body: { _id: 'r-spam', hidden: false } };
      },
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Show again' }));

    expect(await screen.findByText('The review by Spam Co is shown again')).toBeTruthy();
    expect(await screen.findByText('No hidden reviews')).toBeTruthy();
    expect(requestsMade(api)).toContain('PUT /api/review/r-spam/hidden');
  });

  it('says when nothing is hidden', async () => {
    mockApi({
      'GET /api/review/hidden?page=1&pageSize=20': () => ({
        body: [],
        headers: { 'x-total-count': '0' },
      }),
    });
    renderPage();

    expect(await screen.findByText('No hidden reviews')).toBeTruthy();
    expect(screen.getByText(/A review you hide from the home page shows up here/)).toBeTruthy();
  });

  it('says when the list cannot be read, and tries again on request', async () => {
    let fail = true;
    mockApi({
      'GET /api/review/hidden?page=1&pageSize=20': () =>
        fail
          ? { status: 403, body: { error: 'forbidden', message: 'Only admins can do this.' } }
          : { body: [spam], headers: { 'x-total-count': '1' } },
    });
    const { user } = renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Only admins can do this.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Spam Co' })).toBeTruthy();
  });
});
