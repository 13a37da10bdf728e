import { orderStatuses, type OrderStatus } from '@toolyard/shared';
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { pageFromParams, setPageParam } from '@/lib/page-param';

export interface OrderListChange {
  page?: number;
  /** null shows every status again. */
  status?: OrderStatus | null;
}

/**
 * An order list's page and status filter, kept in the URL (`?page=`, `?status=`) so a reload or
 * a shared link shows the same list; a new filter starts on its first page.
 */
export function useOrderListParams() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const status = orderStatuses.find((s) => s === params.get('status'));
  const update = useCallback(
    (changes: OrderListChange) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (changes.status !== undefined) {
          if (changes.status) updated.set('status', changes.status);
          else updated.delete('status');
          updated.delete('page');
        }
        if (changes.page !== undefined) setPageParam(updated, changes.page);
        return updated;
      }),
    [setParams],
  );
  return { page, status, update };
}
