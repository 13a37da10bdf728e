import type { Order } from '@toolyard/shared';
import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const whenFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat('en', { timeStyle: 'short' });

type Expiring = Pick<Order, 'status' | 'cancelReason' | 'expiresAt'>;

/**
 * How an unpaid order's hold reads at `now`: "Expires in 23 h", "Expires in 12 min";
 * "Expired" once the hold cancelled it; null for every other order.
 */
export function expiryText(order: Expiring, now: number): string | null {
  if (order.status === 'cancelled') return order.cancelReason === 'expired' ? 'Expired' : null;
  if (order.status !== 'pending' || !order.expiresAt) return null;
  const left = Date.parse(order.expiresAt) - now;
  if (Number.isNaN(left)) return null;
  if (left >= HOUR) return `Expires in ${Math.floor(left / HOUR)} h`;
  if (left >= MINUTE) return `Expires in ${Math.floor(left / MINUTE)} min`;
  return 'Expires in under a minute';
}

/**
 * The deadline of an unpaid order as its page says it: "Pay by 10:45 AM" (with the date when
 * it is not today), then how long is left.
 */
export function payByText(order: Expiring, now: number): string | null {
  const left = expiryText(order, now);
  if (!left || order.status !== 'pending' || !order.expiresAt) return left;
  const at = new Date(order.expiresAt);
  const sameDay = at.toDateString() === new Date(now).toDateString();
  return `Pay by ${(sameDay ? timeFormat : whenFormat).format(at)} (${left.toLowerCase()})`;
}

/** The current time, moving on every `everyMs` while mounted. */
function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * When an unpaid order stops holding its stock and is cancelled (its `expiresAt`), counting
 * down each minute; "Expired" for an order its hold cancelled. With `deadline`, the time to
 * pay by comes first (the order's page).
 */
export function OrderExpiry({
  order,
  className = '',
  deadline = false,
}: {
  order: Expiring;
  className?: string;
  deadline?: boolean;
}) {
  const now = useNow(MINUTE);
  const text = (deadline ? payByText : expiryText)(order, now);
  if (!text) return null;
  if (order.status === 'cancelled') {
    return <span className={`text-sm text-base-content/70 ${className}`}>{text}</span>;
  }
  const at = new Date(order.expiresAt ?? '');
  return (
    <time
      dateTime={order.expiresAt ?? undefined}
      title={`Cancelled if still unpaid on ${whenFormat.format(at)}`}
      className={`text-sm font-medium whitespace-nowrap text-base-content/80 ${className}`}
    >
      {text}
    </time>
  );
}
