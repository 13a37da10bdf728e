import type { ReactNode } from 'react';

/** Shown where a list has nothing in it yet. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="my-6 rounded-box border border-dashed border-base-300 p-8 text-center">
      <p className="font-semibold">{title}</p>
      {children && <div className="mt-2 text-sm opacity-80">{children}</div>}
    </div>
  );
}
