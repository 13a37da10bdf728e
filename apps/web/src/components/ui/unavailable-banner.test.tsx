import { productListSchema } from '@toolyard/shared';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiFetch, isUnavailable, UNAVAILABLE_MESSAGE } from '@/lib/api-client';
import { mockApi, renderWithProviders } from '@/test/render';
import { UnavailableBanner } from './unavailable-banner';

function Products() {
  const { data } = useQuery({
    queryKey: ['tools'],
    queryFn: () => apiFetch('/tool', { schema: productListSchema }),
    retry: (count, error) => count < 3 && isUnavailable(error),
    retryDelay: 30,
  });
  return <p>{data ? `${data.length} products` : 'loading'}</p>;
}

describe('UnavailableBanner', () => {
  it('says the shop is retrying through a 503 and goes away once the read comes through', async () => {
    let calls = 0;
    mockApi({
      'GET /api/tool': () =>
        ++calls < 3
          ? { status: 503, body: { error: 'service_unavailable', message: 'Away.' } }
          : { body: [] },
    });
    renderWithProviders(
      <>
        <UnavailableBanner />
        <Products />
      </>,
    );

    expect((await screen.findByRole('status')).textContent).toBe(UNAVAILABLE_MESSAGE);
    expect(await screen.findByText('0 products')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(calls).toBe(3);
  });
});
