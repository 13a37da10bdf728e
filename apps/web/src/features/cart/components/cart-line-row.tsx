import { formatDollars, type CartLine } from '@toolyard/shared';
import { useId } from 'react';
import { Link } from 'wouter';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSetCartLine } from '../api/set-cart-line';
import { productPath, quantityProblem } from '../utils/cart-quantity';

/** The sentence under a line that can no longer be bought. */
export const NO_LONGER_SOLD = 'No longer sold: remove it to check out.';

/**
 * One line of the cart: the product (a link to its page), SKU, unit price, quantity, line total
 * and Remove. The quantity is checked as it is typed and sent only once it is valid; under it
 * shows the live check's message, the server's refusal of the last change, or what a refused
 * checkout said of this line.
 */
export function CartLineRow({
  line,
  draft,
  onDraft,
  onSaved,
  refused,
  onRemove,
  removing,
}: {
  line: CartLine;
  /** The quantity as typed, when it differs from the cart's. */
  draft: string | undefined;
  onDraft: (itemId: string, text: string) => void;
  /** The server took a new quantity for this line. */
  onSaved: (itemId: string, quantity: number) => void;
  refused: string | undefined;
  onRemove: (line: CartLine) => void;
  removing: boolean;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const setLine = useSetCartLine({
    onSuccess: (_cart, change) => onSaved(change.itemId, change.quantity),
  });
  const text = draft ?? String(line.quantity);
  const live = line.sold ? quantityProblem(text, line) : null;
  const failure = setLine.error;
  const changeRefused = failure
    ? failure instanceof ApiError && failure.fields.quantity
      ? failure.fields.quantity
      : errorMessage(failure)
    : null;
  // What the buyer typed is checked first; until they type, a refused checkout's reason ("Only
  // 3 left") says more than the spec's message for the quantity it refused.
  const message = !line.sold
    ? NO_LONGER_SOLD
    : draft === undefined
      ? (refused ?? live)
      : (live ?? changeRefused ?? refused ?? null);

  const onChange = (next: string) => {
    onDraft(line.itemId, next);
    const quantity = Number(next);
    if (quantityProblem(next, line) === null && quantity !== line.quantity) {
      setLine.mutate({ itemId: line.itemId, quantity });
    } else {
      // An earlier refusal no longer describes what is in the field.
      setLine.reset();
    }
  };

  return (
    <li className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-2 border-b border-base-300 py-4 sm:grid-cols-[5rem_1fr_auto]">
      <img
        src={line.img}
        alt=""
        width={80}
        height={60}
        loading="lazy"
        className="row-span-2 aspect-[4/3] w-full rounded-box bg-base-200 object-cover"
      />
      <div className="min-w-0">
        <h2 className="font-semibold">
          <Link to={productPath(line.itemId)} className="link-hover">
            {line.name}
          </Link>
        </h2>
        <p className="text-sm text-base-content/70">SKU {line.sku}</p>
        <p className="text-sm">
          {formatDollars(line.unitPrice)}
          <span className="text-base-content/70"> / unit</span>
        </p>
      </div>
      <p
        className={`col-start-2 text-lg font-bold sm:col-start-3 sm:row-start-1 sm:text-right ${line.sold ? '' : 'text-base-content/70 line-through'}`}
      >
        <span className="sr-only">{line.sold ? 'Line total: ' : 'Not in the total: '}</span>
        {formatDollars(line.lineTotal)}
      </p>
      <div className="col-span-2 flex flex-wrap items-start gap-x-4 gap-y-1 sm:col-span-2 sm:col-start-2">
        <div className="fieldset py-0">
          <label htmlFor={id} className="fieldset-legend pb-1 text-sm">
            Quantity
          </label>
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={line.MinOrderQuantity}
            max={line.AvailableQuantity}
            step={1}
            value={text}
            disabled={!line.sold}
            aria-label={`Quantity of ${line.name}`}
            aria-invalid={message ? true : undefined}
            aria-describedby={messageId}
            className={`input input-sm w-28 ${message ? 'input-error' : ''}`}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-sm mt-6"
          disabled={removing}
          aria-busy={removing}
          onClick={() => onRemove(line)}
        >
          Remove<span className="sr-only"> {line.name}</span>
        </button>
        <p id={messageId} aria-live="polite" className="basis-full text-sm text-error">
          {message}
        </p>
        {line.sold && !message && (
          <p className="basis-full text-sm text-base-content/70">
            From {line.MinOrderQuantity.toLocaleString('en-US')} to{' '}
            {line.AvailableQuantity.toLocaleString('en-US')}.
          </p>
        )}
      </div>
    </li>
  );
}
