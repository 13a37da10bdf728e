import { Link } from 'wouter';
import { PageTitle } from '@/components/ui/page-title';

/** Any path that is not one of PAGE_PATHS (the server answers it with 404). */
export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <PageTitle title="Page not found" />
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-bold">The Page You Are Looking For Not Found</h1>
      <p className="mt-4 text-base-content/70">
        The address may be mistyped, or the page may have moved.
      </p>
      <Link to="/" className="btn btn-primary mt-8">
        Back to the shop
      </Link>
    </section>
  );
}
