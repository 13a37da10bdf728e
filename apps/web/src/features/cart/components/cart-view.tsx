import { formatDollars, type CartLine, type OrderDetail } from '@toolyard/shared';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCart } from '../api/get-cart';
import { useRemoveCartLine } from '../api/remove-cart-line';
import { useSetCartLine } from '../api/set-cart-line';
import { quantityProblem } from '../utils/cart-quantity';
import { CartLineRow } from './cart-line-row';
import { CheckoutForm, type CheckoutBuyer } from './checkout-form';

const without = (record: Record<string, string>, key: string) => {
  const { [key]: _gone, ...rest } = record;
  return rest;
};

/** Why the cart cannot be checked out as it stands, or null when it can. */
function blockedReason(lines: CartLine[], drafts: Record<string, string>): string | null {
  if (lines.some((line) => !line.sold)) {
    return 'Remove the products no longer sold before placing your order.';
  }
  if (lines.some((line) => quantityProblem(drafts[line.itemId] ?? String(line.quantity), line))) {
    return 'Correct the quantities marked above before placing your order.';
  }
  return null;
}

/**
 * The cart: its lines (quantities checked as they are typed), the total, and the checkout form
 * below. Removing a line offers Undo, which puts it back with its quantity.
 */
export function CartView({
  buyer,
  browseHref,
  onOrdered,
}: {
  buyer: CheckoutBuyer;
  /** Where the empty cart sends the buyer to find products. */
  browseHref: string;
  onOrdered: (order: OrderDetail) => void;
}) {
  const cart = useCart();
  const totalId = useId();
  // Quantities as typed, by itemId, while they differ from the cart's (invalid ones are kept
  // here, unsent); and what a refused checkout said of each line.
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [refused, setRefused] = useState<Record<string, string>>({});
  const remove = useRemoveCartLine();
  const putBack = useSetCartLine({
    onError: (error) => toast.error(errorMessage(error)),
  });

  const onDraft = (itemId: string, text: string) =>
    setDrafts((current) => ({ ...current, [itemId]: text }));
  const onSaved = (itemId: string, quantity: number) => {
    setDrafts((current) =>
      current[itemId] === String(quantity) ? without(current, itemId) : current,
    );
    setRefused((current) => without(current, itemId));
  };
  const onRemove = async (line: CartLine) => {
    try {
      await remove.mutateAsync(line.itemId);
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    setDrafts((current) => without(current, line.itemId));
    setRefused((current) => without(current, line.itemId));
    toast.info(({ closeToast }) => (
      <span>
        Removed {line.name}.{' '}
        <button
          type="button"
          className="link font-semibold"
          onClick={() => {
            putBack.mutate({ itemId: line.itemId, quantity: line.quantity });
            closeToast();
          }}
        >
          Undo
        </button>
      </span>
    ));
  };

  if (cart.isPending) return <Spinner label="Loading your cart" />;
  if (cart.isError) {
    return <ErrorState message={errorMessage(cart.error)} onRetry={() => void cart.refetch()} />;
  }
  const { lines, total } = cart.data;
  if (lines.length === 0) {
    return (
      <EmptyState title="Your cart is empty">
        <Link to={browseHref} className="btn btn-primary btn-sm">
          Browse the tools
        </Link>
      </EmptyState>
    );
  }

  const removing = remove.isPending ? remove.variables : undefined;
  return (
    <>
      <ul aria-label="Products in your cart" className="mt-4 border-t border-base-300">
        {lines.map((line) => (
          <CartLineRow
            key={line.itemId}
            line={line}
            draft={drafts[line.itemId]}
            onDraft={onDraft}
            onSaved={onSaved}
            refused={refused[line.itemId]}
            onRemove={(removed) => void onRemove(removed)}
            removing={removing === line.itemId}
          />
        ))}
      </ul>
      <p className="mt-4 flex items-baseline justify-between text-xl">
        <span id={totalId}>Total</span>
        <output aria-labelledby={totalId} aria-live="polite" className="font-bold text-primary">
          {formatDollars(total)}
        </output>
      </p>
      <CheckoutForm
        buyer={buyer}
        blocked={blockedReason(lines, drafts)}
        onRefused={setRefused}
        onOrdered={onOrdered}
      />
    </>
  );
}
