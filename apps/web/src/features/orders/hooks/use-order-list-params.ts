import { orderStatuses, type OrderStatus } from '@toolyard/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { pageFromParams, setPageParam } from '@/lib/page-param';

export interface OrderListChange {
  page?: number;
  /** null shows every status again. */
  status?: OrderStatus | null;
  /** An admin's search (an order number or a buyer's email); '' shows every order again. */
  q?: string;
}

/**
 * An order list's page, status filter and search, kept in the URL (`?page=`, `?status=`, `?q=`)
 * so a reload or a shared link shows the same list; a new filter starts on its first page.
 */
export function useOrderListParams() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const status = orderStatuses.find((s) => s === params.get('status'));
  const q = params.get('q')?.trim() ?? '';
  const update = useCallback(
    (changes: OrderListChange) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (changes.status !== undefined) {
          if (changes.status) updated.set('status', changes.status);
          else updated.delete('status');
          updated.delete('page');
        }
        if (changes.q !== undefined) {
          if (changes.q.trim()) updated.set('q', changes.q.trim());
          else updated.delete('q');
          updated.delete('page');
        }
        if (changes.page !== undefined) setPageParam(updated, changes.page);
        return updated;
      }),
    [setParams],
  );
  return { page, status, q, update };
}
