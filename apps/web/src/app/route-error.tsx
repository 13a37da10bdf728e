import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { PageLoadTimeoutError } from './lazy-page';

/** What a person sees when a page fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed =
    error instanceof PageLoadTimeoutError ||
    (error instanceof TypeError &&
      /dynamically imported module|Importing a module/i.test(error.message));
  const message = chunkFailed
    ? 'This page could not be loaded. Check your connection, or reload: a newer version of Toolyard may be available.'
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
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
