import { onlineManager, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ErrorState } from '@/components/ui/error-state';
import { apiFetch, errorMessage } from './api-client';
import { createQueryClient } from './query-client';

/** A page's read as the app shows it: the list, or what went wrong with a way to retry. */
function Orders() {
  const orders = useQuery({
    queryKey: ['orders'],
    queryFn: () => apiFetch('/order', { schema: z.array(z.unknown()) }),
  });
  if (orders.isError) {
    return (
      <ErrorState message={errorMessage(orders.error)} onRetry={() => void orders.refetch()} />
    );
  }
  return <p>{orders.data ? `${orders.data.length} orders` : 'Loading'}</p>;
}

const renderOrders = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Orders />
    </QueryClientProvider>,
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

// Issue 26: My Orders said "briefly unavailable, retrying" for 40 s and more, and never gave up.
describe('the query client', () => {
  it('gives up on a read after 3 retries through an outage, and the page can retry it', async () => {
    let up = false;
    const fetchMock = vi.fn(async () =>
      up
        ? new Response('[]', { headers: { 'content-type': 'application/json' } })
        : new Response(JSON.stringify({ error: 'service_unavailable', message: 'Away.' }), {
            status: 503,
            headers: { 'content-type': 'application/json', 'retry-after': '2' },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderOrders();

    await vi.advanceTimersByTimeAsync(10_000);
    expect(screen.getByRole('alert').textContent).toContain(
      'The shop is briefly unavailable. Please try again in a moment.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(4);

    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(screen.getByText('0 orders')).toBeTruthy();
  });

  it('tries a read even when the browser says it is offline, and says it cannot reach the shop', async () => {
    onlineManager.setOnline(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderOrders();

    await vi.advanceTimersByTimeAsync(10_000);
    expect(screen.getByRole('alert').textContent).toContain("Can't reach Toolyard.");
  });
});
