import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

/** A page whose real content arrives with a later capability. */
export function PlaceholderPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="mt-4 text-base-content/80">{children}</div>
    </section>
  );
}
