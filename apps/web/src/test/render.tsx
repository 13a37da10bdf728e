import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { useKeyedLocation } from '@/lib/location';
import { vi } from 'vitest';

/** Renders inside a fresh query cache (no retries) and the app's router, at `path`. */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  window.history.replaceState(null, '', path);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={useKeyedLocation}>{ui}</Router>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

type Handler = (body: unknown) => {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
};

/**
 * Answers fetch calls by "METHOD /api/path"; anything else fails the test loudly.
 * Returns the mock, to check which calls were made.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (!handler) throw new Error(`Unexpected request: ${key}`);
    const {
      status = 200,
      body,
      headers,
    } = handler(typeof init.body === 'string' ? JSON.parse(init.body) : undefined);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The "METHOD path" of every request made so far. */
export const requestsMade = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
