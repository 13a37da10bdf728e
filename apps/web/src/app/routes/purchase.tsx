import { formatDollars, idParamsSchema } from '@toolyard/shared';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SelectField } from '@/components/ui/form-field';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useSession } from '@/features/auth/api/get-session';
import { useProduct } from '@/features/catalog/api/get-product';
import { useProducts } from '@/features/catalog/api/get-products';
import { PurchaseForm } from '@/features/orders/components/purchase-form';

/** The purchase modal's content standalone: `?id=` picks the product, else the buyer does. */
export default function PurchasePage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const rawId = params.get('id');
  const id = rawId !== null && idParamsSchema.shape.id.safeParse(rawId).success ? rawId : null;
  const product = useProduct(id);
  const products = useProducts();
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
      {products.isPending ? (
        <Spinner label="Loading products" />
      ) : products.isError ? (
        <ErrorState
          message={errorMessage(products.error)}
          onRetry={() => void products.refetch()}
        />
      ) : products.data.length === 0 ? (
        <EmptyState title="No products yet">New tools are on their way.</EmptyState>
      ) : (
        <div className="mt-4">
          <SelectField
            label="Product"
            value={id && !unknownProduct ? id : ''}
            onChange={(event) => choose(event.target.value)}
          >
            <option value="">Choose a product…</option>
            {products.data.map((p) => (
              <option key={p._id} value={p._id}>
                {p.name} ({formatDollars(p.price)})
              </option>
            ))}
          </SelectField>
        </div>
      )}
      {id !== null &&
        !unknownProduct &&
        (product.isPending ? (
          <Spinner label="Loading the product" />
        ) : product.isError ? (
          <ErrorState
            message={errorMessage(product.error)}
            onRetry={() => void product.refetch()}
          />
        ) : (
          buyer && (
            <div className="card mt-2 border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body">
                <h2 className="card-title text-xl">Order {product.data.name}</h2>
                <PurchaseForm
                  key={product.data._id}
                  product={product.data}
                  buyer={buyer}
                  onDone={() => void navigate('/dashboard/myOrders')}
                />
              </div>
            </div>
          )
        ))}
    </section>
  );
}
