import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useProductsPage } from '@/features/catalog/api/get-products-page';
import { ProductForm } from '@/features/catalog/components/product-form';
import { ProductSearch } from '@/features/catalog/components/product-search';
import { ProductsTable } from '@/features/catalog/components/products-table';
import { useProductPageParams } from '@/features/catalog/utils/product-page-params';

export default function AddItemPage() {
  const { page, q, update } = useProductPageParams();
  const products = useProductsPage({ page, q });

  return (
    <section className="py-2">
      <PageTitle title="Add Items" />
      <h1 className="text-3xl font-bold">Add Items</h1>
      <div className="card mt-4 max-w-3xl border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <h2 className="card-title">New product</h2>
          <ProductForm />
        </div>
      </div>

      <h2 className="mt-10 text-2xl font-bold">Products</h2>
      <ProductSearch initial={q} onSearch={(next) => update({ q: next })} />
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
          {(q || page > 1) && (
            <button type="button" className="btn btn-sm" onClick={() => update({ q: '', page: 1 })}>
              Show all products
            </button>
          )}
        </EmptyState>
      ) : (
        <div className={products.isPlaceholderData ? 'opacity-60' : undefined}>
          <ProductsTable products={products.data.products} />
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
