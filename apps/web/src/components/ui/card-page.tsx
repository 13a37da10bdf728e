import type { ReactNode } from 'react';

/** A narrow page holding one card, such as the login and sign-up forms. */
export function CardPage({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 sm:py-16">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">{children}</div>
      </div>
    </section>
  );
}
