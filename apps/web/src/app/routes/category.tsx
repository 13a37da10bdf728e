import { categoryPath, isInStock, type Product } from '@toolyard/shared';
import { Link, useParams } from 'wouter';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/features/auth/api/get-session';
import { LazyAddToCartButton } from '@/features/cart/components/lazy-add-to-cart-button';
import { useCategories } from '@/features/catalog/api/get-categories';
import { Breadcrumbs } from '@/features/catalog/components/breadcrumbs';
import { ProductBrowse } from '@/features/catalog/components/product-browse';
import { categoryHref, searchHref } from '@/features/catalog/utils/catalog-links';
import { categoryBySlug, childrenOf } from '@/features/catalog/utils/category-tree';

/** A category's public page: `/category/{slug}`, its sub-categories and its products, filtered. */
export default function CategoryPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const categories = useCategories();
  // A signed-in buyer adds a product's minimum order from its card; a visitor sees no cart.
  const signedIn = Boolean(useSession().data);
  const cardActions = signedIn
    ? (product: Product) => isInStock(product) && <LazyAddToCartButton product={product} />
    : undefined;

  if (categories.isPending) return <Spinner label="Loading the category" />;
  if (categories.isError) {
    return (
      <section className="mx-auto max-w-7xl px-4 py-10">
        <PageTitle title="Category" />
        <h1 className="text-3xl font-bold">Category</h1>
        <ErrorState
          message={errorMessage(categories.error)}
          onRetry={() => void categories.refetch()}
        />
      </section>
    );
  }

  const category = categoryBySlug(categories.data, slug);
  if (!category) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <PageTitle title="Category not found" />
        <h1 className="text-2xl font-bold">We could not find that category</h1>
        <p className="mt-4 text-base-content/80">
          It may have been renamed or removed, or the link may be mistyped.
        </p>
        <Link to={searchHref('')} className="btn btn-primary mt-8">
          Search the shop
        </Link>
      </section>
    );
  }

  const path = categoryPath(categories.data, category._id);
  const subCategories = childrenOf(categories.data, category._id);
  return (
    <section className="mx-auto max-w-7xl px-4 py-8">
      <PageTitle
        title={category.name}
        description={`${category.name} from Toolyard: tools and parts for builders and makers, with prices and stock.`}
      />
      <Breadcrumbs
        trail={path.map((c) => ({
          label: c.name,
          to: c._id === category._id ? undefined : categoryHref(c.slug),
        }))}
      />
      <h1 className="mt-2 text-3xl font-bold">{category.name}</h1>
      {subCategories.length > 0 && (
        <nav aria-label={`Inside ${category.name}`} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {subCategories.map((c) => (
              <li key={c._id}>
                <Link to={categoryHref(c.slug)} className="btn btn-outline btn-sm">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <ProductBrowse fixedCategory={category.slug} cardActions={cardActions} />
    </section>
  );
}
