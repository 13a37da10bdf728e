import { formatDollars, type OrderLine, type RefundOrderInput } from '@toolyard/shared';
import { useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useOrder } from '../api/get-order';
import {
  OrderActionDialog,
  type OrderActionDialogProps,
  type OrderActionFormProps,
} from './order-action-dialog';

const left = (line: OrderLine) => line.quantity - line.refundedQuantity;

/**
 * Chooses what to refund of a paid order: units of each line (up to what is left of it) and
 * whether they go back on sale (ticked while the order has not shipped), then asks once more,
 * with the amount, before anything is refunded.
 */
export function RefundOrderDialog(props: OrderActionDialogProps<RefundOrderInput>) {
  return <OrderActionDialog {...props} title="Refund this order" form={RefundForm} />;
}

function RefundForm({ order, busy, onConfirm, onClose }: OrderActionFormProps<RefundOrderInput>) {
  const detail = useOrder(order._id);
  const [units, setUnits] = useState<Record<string, number>>({});
  const [restock, setRestock] = useState(order.fulfilmentStatus === 'unfulfilled');
  const [reviewing, setReviewing] = useState(false);

  if (detail.isPending) return <Spinner label="Loading the order's lines" />;
  if (detail.isError) return <p className="text-error">{errorMessage(detail.error)}</p>;
  const lines = detail.data.lines.filter((line) => left(line) > 0);
  const chosen = lines
    .map((line) => ({ line, quantity: units[line.itemId] ?? 0 }))
    .filter(({ quantity }) => quantity > 0);
  const amount = chosen.reduce((sum, { line, quantity }) => sum + line.unitPrice * quantity, 0);
  const refund: RefundOrderInput = {
    lines: chosen.map(({ line, quantity }) => ({ itemId: line.itemId, quantity })),
    restock,
  };

  if (reviewing) {
    return (
      <div>
        <p>
          {formatDollars(amount)} goes back to {order.BuyerName}&apos;s card for{' '}
          {chosen.map(({ line, quantity }) => `${quantity} × ${line.name}`).join(', ')}.{' '}
          {restock ? 'The units go back on sale.' : 'The units stay off the shelf.'} This cannot be
          undone.
        </p>
        <div className="modal-action">
          <button type="button" className="btn" disabled={busy} onClick={() => setReviewing(false)}>
            Back
          </button>
          <button
            type="button"
            className="btn btn-error"
            disabled={busy}
            aria-busy={busy}
            onClick={() => onConfirm(refund)}
          >
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Refund {formatDollars(amount)}
          </button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length > 0) setReviewing(true);
      }}
    >
      <p className="mb-2">Choose how many units of each line to refund.</p>
      <ul className="space-y-2">
        {lines.map((line) => (
          <li key={line.itemId} className="flex items-center justify-between gap-3">
            <label htmlFor={`refund-${line.itemId}`} className="grow">
              {line.name}{' '}
              <span className="text-sm text-base-content/70">
                ({left(line)} of {line.quantity} left, {formatDollars(line.unitPrice)} each)
              </span>
            </label>
            <input
              id={`refund-${line.itemId}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={left(line)}
              className="input input-sm w-20"
              value={units[line.itemId] ?? 0}
              onChange={(event) => {
                const n = Math.trunc(Number(event.target.value));
                const quantity = Number.isFinite(n) ? Math.min(Math.max(n, 0), left(line)) : 0;
                setUnits((current) => ({ ...current, [line.itemId]: quantity }));
              }}
            />
          </li>
        ))}
      </ul>
      <label className="mt-3 flex items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={restock}
          onChange={(event) => setRestock(event.target.checked)}
        />
        Put the refunded units back in stock
      </label>
      <div className="modal-action">
        <button type="button" className="btn" disabled={busy} onClick={onClose}>
          Not now
        </button>
        <button type="submit" className="btn btn-primary" disabled={chosen.length === 0}>
          Refund {formatDollars(amount)}…
        </button>
      </div>
    </form>
  );
}
