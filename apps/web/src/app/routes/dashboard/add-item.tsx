import { PageTitle } from '@/components/ui/page-title';
import { ProductForm } from '@/features/catalog/components/product-form';
import { ProductsTable, useProductsTable } from '@/features/catalog/components/products-table';

export default function AddItemPage() {
  const table = useProductsTable();

  return (
    <section className="py-2">
      <PageTitle title="Add Items" />
      <h1 className="text-3xl font-bold">Add Items</h1>
      <div className="card mt-4 max-w-3xl border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <h2 className="card-title">New product</h2>
          {/* A product just added is shown at once: the table moves to it. */}
          <ProductForm onDone={(product) => void table.showAdded(product)} />
        </div>
      </div>

      <h2 className="mt-10 text-2xl font-bold">Products</h2>
      <ProductsTable table={table} />
    </section>
  );
}
