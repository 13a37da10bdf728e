import { PAGE_PATHS, type Order, type ReorderResult } from '@toolyard/shared';
import { Link } from 'wouter';
import { errorMessage } from '@/lib/api-client';
import { useReorderOrder } from '../api/reorder-order';

const quantityOf = (line: { name: string; quantity: number }) =>
  `${line.quantity.toLocaleString('en-US')} × ${line.name}`;

/** What "Order again" did: what went in the cart, and what did not and why. */
function ReorderSummary({ result }: { result: ReorderResult }) {
  return (
    <div className="mt-3 alert alert-info alert-soft flex flex-col items-start gap-1">
      {result.added.length > 0 ? (
        <p>Added to your cart: {result.added.map(quantityOf).join(', ')}.</p>
      ) : (
        <p>Nothing was added to your cart.</p>
      )}
      {result.skipped.length > 0 && (
        <>
          <p>Not added:</p>
          <ul className="list-disc pl-5">
            {result.skipped.map((line) => (
              <li key={line.itemId}>
                {line.name}: {line.reason}
              </li>
            ))}
          </ul>
        </>
      )}
      <Link to={PAGE_PATHS.cart} className="btn btn-sm mt-1">
        Go to your cart
      </Link>
    </div>
  );
}

/**
 * "Order again": puts the order's lines back in the buyer's cart (the server skips what is no
 * longer sold or in stock). Render `button` with the order's other actions and `outcome` below
 * them: it says what was added and what was skipped and why.
 */
export function useReorderAction(order: Order) {
  const reorder = useReorderOrder();
  const button = (
    <button
      type="button"
      className="btn btn-sm"
      disabled={reorder.isPending}
      aria-busy={reorder.isPending}
      onClick={() => reorder.mutate(order)}
    >
      {reorder.isPending && (
        <span className="loading loading-spinner loading-xs" aria-hidden="true" />
      )}
      Order again
    </button>
  );
  const outcome = (
    <>
      <div role="status">{reorder.isSuccess && <ReorderSummary result={reorder.data} />}</div>
      {reorder.isError && (
        <p role="alert" className="mt-3 text-error">
          {errorMessage(reorder.error)}
        </p>
      )}
    </>
  );
  return { button, outcome };
}
