import { formatDollars, type CancelReason, type OrderEvent } from '@toolyard/shared';
import { OrderDate } from './order-date';

const cancelledBy: Record<CancelReason, string> = {
  buyer: 'Cancelled by the buyer',
  admin: 'Cancelled by an admin',
  expired: 'Cancelled: not paid in time',
};

/** What one step of an order's life reads as, e.g. "Shipped by DHL, tracking number 1Z999". */
export function eventText(event: OrderEvent): string {
  switch (event.type) {
    case 'placed':
      return 'Placed';
    case 'paid':
      return 'Paid';
    case 'shipped': {
      const carrier = event.carrier?.trim();
      const tracking = event.trackingNumber?.trim();
      return [
        carrier ? `Shipped by ${carrier}` : 'Shipped',
        tracking ? `tracking number ${tracking}` : null,
      ]
        .filter(Boolean)
        .join(', ');
    }
    case 'cancelled':
      return event.cancelReason ? cancelledBy[event.cancelReason] : 'Cancelled';
    case 'refunded': {
      const amount = event.amount === undefined ? '' : ` ${formatDollars(event.amount)}`;
      const units = event.lines?.length
        ? `: ${event.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ')}`
        : '';
      const shelf = event.restocked === undefined ? '' : event.restocked ? ' (back in stock)' : '';
      return `Refunded${amount}${units}${shelf}`;
    }
  }
}

/** An order's life, oldest first: each step with its time, as an ordered list. */
export function OrderTimeline({
  events,
  labelledBy,
}: {
  events: OrderEvent[];
  labelledBy: string;
}) {
  return (
    <ol aria-labelledby={labelledBy} className="space-y-3 border-l-2 border-base-300 pl-4">
      {events.map((event, index) => (
        <li key={`${event.type}-${index}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full bg-primary"
          />
          <p className="font-medium break-words">{eventText(event)}</p>
          <p className="text-sm text-base-content/70">
            <span className="sr-only">, </span>
            <OrderDate iso={event.at} withTime />
          </p>
        </li>
      ))}
    </ol>
  );
}
