import { isInStock } from '@toolyard/shared';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/features/auth/api/get-session';
import { CATALOG_PAGE_SIZE, useProductsPage } from '@/features/catalog/api/get-products-page';
import { ProductCard } from '@/features/catalog/components/product-card';
import { ProductSearch } from '@/features/catalog/components/product-search';
import { SimilarNamesNotice } from '@/features/catalog/components/similar-names-notice';
import { useProductPageParams } from '@/features/catalog/utils/product-page-params';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { PurchaseDialog } from '@/features/orders/components/purchase-dialog';

/**
 * The catalog a page at a time, with a search; each card links to its product's page, and one
 * in stock also opens the purchase dialog and adds its minimum order to the cart.
 */
export default function AllItemsPage() {
  const { page, q, update } = useProductPageParams();
  const products = useProductsPage({ page, q, pageSize: CATALOG_PAGE_SIZE });
  // RequireAuth has read the session before this page renders.
  const buyer = useSession().data?.user;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle
        title="Order now"
        description="Every Toolyard tool and part, with stock and minimum order quantities."
      />
      <h1 className="text-3xl font-bold">All items</h1>
      {/* Keyed by the search in the URL, so going back to the full list clears the box. */}
      <ProductSearch key={q} initial={q} onSearch={(next) => update({ q: next })} />
      <h2 className="sr-only">{q ? `Products matching “${q}”` : 'Products'}</h2>
      <SimilarNamesNotice page={products.data} q={q} />
      {products.isPending ? (
        <Spinner label="Loading products" />
      ) : products.isError ? (
        <ErrorState
          message={errorMessage(products.error)}
          onRetry={() => void products.refetch()}
        />
      ) : products.data.products.length === 0 ? (
        <EmptyState
          title={
            q
              ? `No products match “${q}”`
              : page > 1
                ? 'No products on this page'
                : 'No products yet'
          }
        >
          {q || page > 1 ? (
            <button type="button" className="btn btn-sm" onClick={() => update({ q: '', page: 1 })}>
              Show all products
            </button>
          ) : (
            'New tools are on their way.'
          )}
        </EmptyState>
      ) : (
        <div className={products.isPlaceholderData ? 'opacity-60' : undefined}>
          <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {products.data.products.map((product, i) => (
              <li key={product._id}>
                <ProductCard product={product} eager={i < 3} priority={i === 0}>
                  {buyer && isInStock(product) && (
                    <>
                      <PurchaseDialog
                        product={product}
                        buyer={buyer}
                        secondaryAction={(validQuantity, close) => (
                          <AddToCartButton
                            product={product}
                            quantity={validQuantity}
                            onAdded={close}
                          />
                        )}
                      />
                      <AddToCartButton product={product} />
                    </>
                  )}
                </ProductCard>
              </li>
            ))}
          </ul>
          <Pagination
            label="Product pages"
            page={products.data.page}
            pageCount={Math.max(1, Math.ceil(products.data.total / products.data.pageSize))}
            onPageChange={(next) => update({ page: next })}
          />
        </div>
      )}
    </section>
  );
}
