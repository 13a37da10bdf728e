import { useId } from 'react';

/**
 * Admins find an order by its number (with or without TY-) or every order of a buyer by email,
 * each matched exactly; "Show all orders" clears the search.
 */
export function OrderSearch({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  return (
    <form
      role="search"
      aria-label="Orders"
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(String(new FormData(event.currentTarget).get('q') ?? ''));
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold">
        Find an order
      </label>
      <input
        // A new search from the URL (Back, a link) shows in the box.
        key={value}
        id={id}
        name="q"
        type="search"
        defaultValue={value}
        placeholder="TY-100234 or buyer@example.com"
        className="input input-sm w-72 max-w-full"
      />
      <button type="submit" className="btn btn-sm">
        Search
      </button>
      {value && (
        <button type="button" className="btn btn-sm btn-ghost" onClick={() => onSearch('')}>
          Show all orders
        </button>
      )}
    </form>
  );
}
