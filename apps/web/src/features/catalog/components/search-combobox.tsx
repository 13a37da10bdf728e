import { formatDollars } from '@toolyard/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { productsPageQueryOptions } from '../api/get-products-page';
import { productHref, searchHref } from '../utils/catalog-links';

/** Wait this long after the last keystroke before asking for suggestions. */
export const SUGGEST_DELAY_MS = 200;
const SUGGESTIONS = 6;
/** Fewer letters than this suggest nothing: too many names would match. */
const MIN_LETTERS = 2;

/** The value after it has stopped changing for `delay` ms. */
function useDebounced(value: string, delay: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * The header's search box with suggestions as the buyer types, an ARIA 1.2 combobox: Up and
 * Down move through the products, Enter opens the highlighted one (or searches for the text
 * when none is), Escape closes the list (and clears the box when it is closed).
 */
export function SearchCombobox({
  initial = '',
  takeFocus = false,
  inputClassName = '',
}: {
  initial?: string;
  /** Focus the box on mount: it takes over from the header's plain box, which had the focus. */
  takeFocus?: boolean;
  inputClassName?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!takeFocus || !input.current) return;
    const end = input.current.value.length;
    input.current.focus();
    input.current.setSelectionRange(end, end);
  }, [takeFocus]);
  const listId = `${id}-list`;
  const [, navigate] = useLocation();
  const [text, setText] = useState(initial);
  // A new search in the address (the search page's own box, Back) puts its words here.
  const [shown, setShown] = useState(initial);
  if (shown !== initial) {
    setShown(initial);
    setText(initial);
  }
  const [open, setOpen] = useState(takeFocus && initial.trim().length >= MIN_LETTERS);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text.trim(), SUGGEST_DELAY_MS);
  const suggestions = useQuery({
    ...productsPageQueryOptions({ q, page: 1, pageSize: SUGGESTIONS }),
    enabled: q.length >= MIN_LETTERS,
  });
  const products = (q.length >= MIN_LETTERS && suggestions.data?.products) || [];
  const similar = suggestions.data?.match === 'similar';
  const expanded = open && products.length > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (to: string) => {
    close();
    navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = products.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (!expanded) {
          setOpen(true);
          setActive(down ? 0 : count - 1);
        } else {
          setActive((i) => (down ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
        }
        return;
      }
      case 'Enter': {
        const product = expanded ? products[active] : undefined;
        if (!product) return; // the form searches for the text
        event.preventDefault();
        go(productHref(product._id));
        return;
      }
      case 'Escape':
        if (expanded) close();
        else setText('');
        event.preventDefault();
        return;
    }
  };

  return (
    <form
      role="search"
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
        go(searchHref(text.trim()));
      }}
    >
      <input
        type="search"
        name="q"
        role="combobox"
        aria-label="Search tools"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        placeholder="Search tools"
        className={inputClassName}
        ref={input}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <div
        hidden={!expanded}
        className="fixed inset-x-4 top-14 z-40 rounded-box max-lg:shadow-xl lg:absolute lg:inset-x-auto lg:top-auto lg:right-0 lg:mt-1 lg:w-96 border border-base-300 bg-base-100 p-1 shadow-lg"
      >
        {similar && (
          <p aria-hidden="true" className="px-3 pt-1 text-xs font-semibold text-base-content/70">
            Similar names
          </p>
        )}
        <div id={listId} role="listbox" aria-label={similar ? 'Similar names' : 'Suggestions'}>
          {products.map((product, i) => (
            // The keyboard stays in the box, which points at the option (aria-activedescendant).
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
            <div
              key={product._id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`flex cursor-pointer justify-between gap-3 rounded-field px-3 py-2 ${i === active ? 'bg-base-300' : 'hover:bg-base-200'}`}
              // Keep the focus in the box: a click would blur it and close the list first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(productHref(product._id))}
            >
              <span className="truncate">{product.name}</span>
              <span className="text-base-content/70">{formatDollars(product.price)}</span>
            </div>
          ))}
        </div>
      </div>
      <p role="status" className="sr-only">
        {expanded
          ? `${products.length} ${similar ? 'similar names' : 'suggestions'}: use Up and Down to choose.`
          : ''}
      </p>
    </form>
  );
}
