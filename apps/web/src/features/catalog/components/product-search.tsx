import { useId, useState } from 'react';

/** A search box for the product list: searches names and descriptions on submit. */
export function ProductSearch({
  initial,
  onSearch,
  label = 'Search products',
}: {
  initial: string;
  onSearch: (q: string) => void;
  label?: string;
}) {
  const [q, setQ] = useState(initial);
  const id = useId();
  return (
    <search className="my-4">
      <form
        className="flex max-w-md items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(q.trim());
        }}
      >
        <div className="flex-1">
          <label htmlFor={id} className="mb-1 block text-sm font-semibold">
            {label}
          </label>
          <input
            id={id}
            type="search"
            className="input w-full"
            placeholder="Name or description"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <button type="submit" className="btn">
          Search
        </button>
      </form>
    </search>
  );
}
