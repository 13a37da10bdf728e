import type { ReactNode } from 'react';

/** A list page's heading, with how many there are beside it once that is known. */
export function CountedHeading({ title, count }: { title: string; count?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="text-3xl font-bold">{title}</h1>
      {count && <p className="text-sm text-base-content/80">{count}</p>}
    </div>
  );
}
