import type { RefundOrderInput } from '@toolyard/shared';
import { AppError } from '../../errors.js';
import type { OrderLineRow, OrderRow } from './orders.repository.js';

/** Units of one line to refund. */
export interface RefundLine {
  itemId: string;
  quantity: number;
}

/**
 * Refuses a refund of an order that holds no money to give back: never paid, cancelled, or
 * refunded in full already (409 `nothing_to_refund`).
 */
export function assertRefundable(order: OrderRow): void {
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'partially_refunded') return;
  const message =
    order.paymentStatus === 'refunded'
      ? 'This order is refunded in full: there is nothing left to refund.'
      : order.cancelledAt
        ? 'This order was cancelled before it was paid: there is nothing to refund.'
        : 'This order is not paid: there is nothing to refund.';
  throw new AppError('nothing_to_refund', message, 409);
}

/**
 * The units a refund gives back, judged against the order's lines as they are under its lock:
 * every unit not yet refunded when no lines are asked for; else each asked line, which must be
 * a line of the order (400) with at least that many units left (409, by itemId: nothing left
 * is `nothing_to_refund`, fewer left than asked `refund_too_large`).
 */
export function chooseRefundLines(
  lines: readonly OrderLineRow[],
  asked: RefundOrderInput['lines'],
): RefundLine[] {
  const left = (line: OrderLineRow) => line.quantity - line.refundedQuantity;
  if (!asked) {
    const all = lines
      .filter((line) => left(line) > 0)
      .map((line) => ({ itemId: line.itemId, quantity: left(line) }));
    if (all.length === 0) {
      throw new AppError('nothing_to_refund', 'Every unit of this order is refunded already.', 409);
    }
    return all;
  }

  const byItem = new Map(lines.map((line) => [line.itemId, line]));
  const unknown = asked.filter((a) => !byItem.has(a.itemId));
  if (unknown.length > 0) {
    throw new AppError(
      'invalid_input',
      'Refund only lines of this order.',
      400,
      Object.fromEntries(unknown.map((a) => [a.itemId, 'Not a line of this order'])),
    );
  }
  const short = asked.flatMap((a) => {
    const line = byItem.get(a.itemId) as OrderLineRow;
    return left(line) < a.quantity ? [{ line, units: left(line) }] : [];
  });
  if (short.length === 0) return asked.map(({ itemId, quantity }) => ({ itemId, quantity }));

  const fields = Object.fromEntries(
    short.map(({ line, units }) => [
      line.itemId,
      units === 0 ? 'Nothing left to refund' : `Only ${units} left to refund`,
    ]),
  );
  if (short.every(({ units }) => units === 0)) {
    throw new AppError(
      'nothing_to_refund',
      short.length === 1
        ? `${short[0]?.line.itemName} is refunded in full already.`
        : 'These lines are refunded in full already.',
      409,
      fields,
    );
  }
  throw new AppError(
    'refund_too_large',
    'A refund can give back only units not refunded yet.',
    409,
    fields,
  );
}
