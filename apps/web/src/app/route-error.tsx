import { Component, type ReactNode } from 'react';
import { Link } from 'wouter';
import { PageLoadTimeoutError } from './lazy-page';

type BoundaryProps = {
  children: ReactNode;
  /** A new value (the next page) clears the error. */ resetKey: string;
};
type BoundaryState = { error: unknown; errorKey: string | null };

/** Catches a page that fails to load or render, and shows RouteError until the next navigation. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, errorKey: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    // The error belongs to the page it happened on: leaving that page clears it.
    if (state.errorKey === null) return { errorKey: props.resetKey };
    return state.errorKey === props.resetKey ? null : { error: null, errorKey: null };
  }

  override render() {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <RouteError error={this.state.error} />
    );
  }
}

/** What a person sees when a page fails to load or render. */
export function RouteError({ error }: { error: unknown }) {
  const chunkFailed =
    error instanceof PageLoadTimeoutError ||
    (error instanceof TypeError &&
      /dynamically imported module|Importing a module/i.test(error.message));
  const message = chunkFailed
    ? 'This page could not be loaded. Check your connection, or reload: a newer version of Toolyard may be available.'
    : 'Something went wrong while showing this page.';
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">Sorry, something went wrong</h1>
      <p className="mt-4">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link className="btn" to="/">
          Go home
        </Link>
      </div>
    </section>
  );
}
