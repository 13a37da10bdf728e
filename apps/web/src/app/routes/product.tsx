import {
  categoryPath,
  formatDollars,
  idParamsSchema,
  isInStock,
  type Category,
  type Product,
} from '@toolyard/shared';
import { Suspense } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { lazyNamed } from '@/lib/lazy-named';
import { useSession } from '@/features/auth/api/get-session';
import { useCategories } from '@/features/catalog/api/get-categories';
import { useProduct } from '@/features/catalog/api/get-product';
import { useProductsPage } from '@/features/catalog/api/get-products-page';
import { Breadcrumbs } from '@/features/catalog/components/breadcrumbs';
import { ProductCard } from '@/features/catalog/components/product-card';
import { StockBadge } from '@/features/catalog/components/stock-badge';
import { categoryHref, searchHref } from '@/features/catalog/utils/catalog-links';
import { LazyAddToCartButton } from '@/features/cart/components/lazy-add-to-cart-button';

// The form (react-hook-form, its resolver) downloads only for a signed-in buyer.
const PurchaseForm = lazyNamed(
  () => import('@/features/orders/components/purchase-form'),
  'PurchaseForm',
);

/** How many other products of the category the page suggests. */
const RELATED_COUNT = 4;

/** A product's own public page: `/tool/{id}`, with its order form for a signed-in buyer. */
export default function ProductPage() {
  const { id = '' } = useParams<{ id: string }>();
  const valid = idParamsSchema.shape.id.safeParse(id).success;
  const product = useProduct(valid ? id : null);
  const missing =
    !valid ||
    (product.error instanceof ApiError &&
      (product.error.status === 404 || product.error.status === 400));

  if (missing) return <ProductNotFound />;
  if (product.isPending) return <Spinner label="Loading the product" />;
  if (product.isError) {
    return (
      <section className="mx-auto max-w-7xl px-4 py-10">
        <PageTitle title="Product" />
        <h1 className="text-3xl font-bold">Product</h1>
        <ErrorState message={errorMessage(product.error)} onRetry={() => void product.refetch()} />
      </section>
    );
  }
  return <ProductDetails product={product.data} />;
}

function ProductNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <PageTitle title="Product not found" />
      <h1 className="text-2xl font-bold">We could not find that product</h1>
      <p className="mt-4 text-base-content/80">
        It may have been taken out of the catalog, or the link may be mistyped.
      </p>
      <Link to={searchHref('')} className="btn btn-primary mt-8">
        Search the shop
      </Link>
    </section>
  );
}

/** At most this long, as search results show a description. */
const summary = (text: string) => (text.length > 155 ? `${text.slice(0, 154).trimEnd()}…` : text);

function ProductDetails({ product }: { product: Product }) {
  const categories = useCategories();
  const path = categoryPath(categories.data ?? [], product.categoryId);
  // Related products come from one level up (Hand tools for a hammer): a leaf category of a
  // small catalog often holds the product alone.
  const related = path.at(-2) ?? path.at(-1);
  return (
    <article className="mx-auto max-w-7xl px-4 py-8">
      <PageTitle
        title={product.name}
        description={summary(product.description || `${product.name}, from Toolyard.`)}
      />
      <Breadcrumbs
        trail={[
          ...path.map((c) => ({ label: c.name, to: categoryHref(c.slug) })),
          { label: product.name },
        ]}
      />
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <figure className="aspect-[4/3] overflow-hidden rounded-box bg-base-200">
          <img
            src={product.img}
            alt={product.name}
            width={800}
            height={600}
            loading="eager"
            fetchPriority="high"
            className="h-full w-full object-cover"
          />
        </figure>
        <div>
          <h1 className="text-3xl font-bold">{product.name}</h1>
          <p className="mt-1 text-sm text-base-content/70">SKU {product.sku}</p>
          <p className="mt-4 flex flex-wrap items-center gap-3">
            <span className="text-3xl font-bold text-primary">
              {formatDollars(product.price)}
              <span className="text-base font-normal text-base-content/70"> / unit</span>
            </span>
            <StockBadge product={product} className="badge-lg" />
          </p>
          {product.description && <p className="mt-4">{product.description}</p>}
          <dl className="mt-4 grid max-w-xs grid-cols-2 gap-x-2 text-sm">
            <dt className="text-base-content/70">Available</dt>
            <dd className="text-right font-medium">
              {product.AvailableQuantity.toLocaleString('en-US')}
            </dd>
            <dt className="text-base-content/70">Minimum order</dt>
            <dd className="text-right font-medium">
              {product.MinOrderQuantity.toLocaleString('en-US')}
            </dd>
          </dl>
          <OrderBox product={product} />
        </div>
      </div>
      {related && <RelatedProducts product={product} category={related} />}
    </article>
  );
}

/**
 * The order form for a signed-in buyer, with "Add to cart" for the quantity in it; a way to sign
 * in for a visitor; none out of stock.
 */
function OrderBox({ product }: { product: Product }) {
  const session = useSession();
  const [pathname, navigate] = useLocation();
  const buyer = session.data?.user;
  return (
    <section
      aria-labelledby="order-heading"
      className="mt-6 rounded-box border border-base-300 p-4"
    >
      <h2 id="order-heading" className="text-xl font-bold">
        Order
      </h2>
      {!isInStock(product) ? (
        <p role="status" className="alert alert-warning alert-soft mt-3">
          Out of stock: there are not enough left for a minimum order right now. Please check back
          soon.
        </p>
      ) : session.isPending ? (
        <Spinner label="Checking your session" />
      ) : buyer ? (
        <Suspense fallback={<Spinner label="Loading the order form" />}>
          <PurchaseForm
            product={product}
            buyer={buyer}
            onDone={() => navigate('/dashboard/myOrders')}
            secondaryAction={(validQuantity) => (
              <LazyAddToCartButton product={product} quantity={validQuantity} />
            )}
          />
        </Suspense>
      ) : (
        <>
          <p className="mt-2 text-base-content/80">Sign in to choose a quantity and order.</p>
          {/* The login page returns here afterwards (`?from=`, as after Google's sign-in). */}
          <Link
            to={`/login?${new URLSearchParams({ from: pathname })}`}
            className="btn btn-primary mt-3"
          >
            Sign in to order
          </Link>
        </>
      )}
    </section>
  );
}

function RelatedProducts({ product, category }: { product: Product; category: Category }) {
  const signedIn = Boolean(useSession().data);
  // One more than shown: this product may be among them.
  const related = useProductsPage({
    category: category.slug,
    pageSize: RELATED_COUNT + 1,
    page: 1,
    q: '',
  });
  const others = (related.data?.products ?? [])
    .filter((p) => p._id !== product._id)
    .slice(0, RELATED_COUNT);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-12">
      <h2 id="related-heading" className="text-2xl font-bold">
        More from {category.name}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {others.map((p) => (
          <li key={p._id}>
            <ProductCard product={p}>
              {signedIn && isInStock(p) && <LazyAddToCartButton product={p} />}
            </ProductCard>
          </li>
        ))}
      </ul>
      <Link to={categoryHref(category.slug)} className="link link-primary mt-4 inline-block">
        All of {category.name}
      </Link>
    </section>
  );
}
