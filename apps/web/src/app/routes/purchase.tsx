import { formatDollars, idParamsSchema } from '@toolyard/shared';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/form-field';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/features/auth/api/get-session';
import { useProduct } from '@/features/catalog/api/get-product';
import { useProductsPage } from '@/features/catalog/api/get-products-page';
import { ProductSearch } from '@/features/catalog/components/product-search';
import { PurchaseForm } from '@/features/orders/components/purchase-form';

/** The chooser lists at most this many matches (the API's largest page); a search narrows it. */
const CHOICES = 100;

/**
 * The purchase modal's content standalone: `?id=` picks the product, and only that product is
 * fetched. Without a usable id the buyer chooses one, from a search of the catalog.
 */
export default function PurchasePage() {
  const [params, setParams] = useSearchParams();
  const [, navigate] = useLocation();
  const rawId = params.get('id');
  const id = rawId !== null && idParamsSchema.shape.id.safeParse(rawId).success ? rawId : null;
  const product = useProduct(id);
  const buyer = useSession().data?.user;

  // A link to a product that is not (or no longer) in the catalog: let the buyer choose.
  const unknownProduct =
    (rawId !== null && id === null) ||
    (product.error instanceof ApiError &&
      (product.error.status === 404 || product.error.status === 400));

  const choose = (next: string) => setParams(next ? { id: next } : {}, { replace: true });

  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <PageTitle title="Purchase" description="Order Toolyard tools and parts." />
      <h1 className="text-3xl font-bold">Purchase</h1>
      <p className="mt-2 text-base-content/80">
        Choose a product, how many you need and where they should go.
      </p>
      {unknownProduct && (
        <p role="alert" className="alert alert-warning alert-soft mt-4">
          We could not find that product. Please choose one from the list.
        </p>
      )}
      {id === null || unknownProduct ? (
        <ProductChooser onChoose={choose} />
      ) : product.isPending ? (
        <Spinner label="Loading the product" />
      ) : product.isError ? (
        <ErrorState message={errorMessage(product.error)} onRetry={() => void product.refetch()} />
      ) : (
        buyer && (
          <div className="card mt-4 border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body">
              <h2 className="card-title text-xl">Order {product.data.name}</h2>
              <PurchaseForm
                key={product.data._id}
                product={product.data}
                buyer={buyer}
                onDone={() => navigate('/dashboard/myOrders')}
              />
              <button
                type="button"
                className="btn btn-ghost btn-sm self-start"
                onClick={() => choose('')}
              >
                Choose another product
              </button>
            </div>
          </div>
        )
      )}
    </section>
  );
}

function ProductChooser({ onChoose }: { onChoose: (id: string) => void }) {
  const [q, setQ] = useState('');
  const products = useProductsPage({ page: 1, q, pageSize: CHOICES });
  return (
    <div className="mt-4">
      {/* Not "Search products": the select below is labelled Product. */}
      <ProductSearch initial={q} onSearch={setQ} label="Search the catalog" />
      {products.isPending ? (
        <Spinner label="Loading products" />
      ) : products.isError ? (
        <ErrorState
          message={errorMessage(products.error)}
          onRetry={() => void products.refetch()}
        />
      ) : products.data.products.length === 0 ? (
        <EmptyState title={q ? `No products match “${q}”` : 'No products yet'}>
          {q ? 'Try another search.' : 'New tools are on their way.'}
        </EmptyState>
      ) : (
        <SelectField
          label="Product"
          hint={
            products.data.total > products.data.products.length
              ? `Showing the first ${products.data.products.length} of ${products.data.total}: search to find others.`
              : undefined
          }
          value=""
          onChange={(event) => onChoose(event.target.value)}
        >
          <option value="">Choose a product…</option>
          {products.data.products.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name} ({formatDollars(p.price)})
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}
