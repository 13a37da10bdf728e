import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/features/auth/api/get-session';
import { useProducts } from '@/features/catalog/api/get-products';
import { ProductCard } from '@/features/catalog/components/product-card';
import { PurchaseDialog } from '@/features/orders/components/purchase-dialog';

export default function AllItemsPage() {
  const products = useProducts();
  // RequireAuth has read the session before this page renders.
  const buyer = useSession().data?.user;
  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle
        title="Order now"
        description="Every Toolyard tool and part, with stock and minimum order quantities."
      />
      <h1 className="text-3xl font-bold">All items</h1>
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
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.data.map((product, i) => (
            <li key={product._id}>
              <ProductCard product={product} eager={i < 3}>
                {buyer && <PurchaseDialog product={product} buyer={buyer} />}
              </ProductCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
