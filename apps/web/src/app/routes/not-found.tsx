import { Link } from 'wouter';
import { PageTitle } from '@/components/ui/page-title';

export default function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <PageTitle title="Page not found" />
      <p className="text-6xl font-extrabold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-bold">The Page You Are Looking For Not Found</h1>
      <Link to="/" className="btn btn-primary mt-8">
        Back to the shop
      </Link>
    </section>
  );
}
