import { ResponsiveList } from '@/components/ui/responsive-list';
import { formatDollars, type Product } from '@toolyard/shared';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { useDeleteProduct } from '../api/delete-product';
import { ProductForm } from './product-form';

const quantity = (n: number) => n.toLocaleString('en-US');

/** The admin's products, each with Edit (a dialog with the product form) and Delete. */
export function ProductsTable({ products }: { products: Product[] }) {
  const [editing, setEditing] = useState<Product | null>(null);
  const [toDelete, setToDelete] = useState<Product | null>(null);
  const deleteProduct = useDeleteProduct({
    onSuccess: (_, product) => toast.success(`Deleted ${product.name}`),
    onError: (error) => toast.error(errorMessage(error)),
    onSettled: () => setToDelete(null),
  });

  const confirmDelete = () => {
    if (toDelete) deleteProduct.mutate(toDelete);
  };

  const actions = (product: Product) => (
    <>
      <button type="button" className="btn btn-sm" onClick={() => setEditing(product)}>
        Edit<span className="sr-only"> {product.name}</span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-error btn-outline"
        onClick={() => setToDelete(product)}
      >
        Delete<span className="sr-only"> {product.name}</span>
      </button>
    </>
  );

  return (
    <>
      <ResponsiveList
        items={products}
        itemKey={(product) => product._id}
        cardLayout="row"
        columns={
          <>
            <th scope="col">Product</th>
            <th scope="col" className="text-right">
              Price
            </th>
            <th scope="col" className="text-right">
              Available
            </th>
            <th scope="col" className="text-right">
              Minimum order
            </th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </>
        }
        card={(product) => (
          <>
            <Thumbnail product={product} />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">{product.name}</p>
              <p className="text-sm">{formatDollars(product.price)} / unit</p>
              <p className="text-sm text-base-content/80">
                {quantity(product.AvailableQuantity)} available · minimum{' '}
                {quantity(product.MinOrderQuantity)}
              </p>
              <div className="mt-2 flex flex-wrap gap-2">{actions(product)}</div>
            </div>
          </>
        )}
        row={(product) => (
          <>
            <td>
              <div className="flex items-center gap-3">
                <Thumbnail product={product} />
                <span className="font-medium">{product.name}</span>
              </div>
            </td>
            <td className="text-right whitespace-nowrap">{formatDollars(product.price)}</td>
            <td className="text-right">{quantity(product.AvailableQuantity)}</td>
            <td className="text-right">{quantity(product.MinOrderQuantity)}</td>
            <td>
              <div className="flex justify-end gap-2">{actions(product)}</div>
            </td>
          </>
        )}
      />
      <Modal
        open={editing !== null}
        title={`Edit ${editing?.name ?? 'product'}`}
        onClose={() => setEditing(null)}
      >
        {editing && (
          <ProductForm key={editing._id} product={editing} onDone={() => setEditing(null)} />
        )}
      </Modal>
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this product?"
        confirmLabel="Delete"
        busy={deleteProduct.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      >
        <p>
          <strong>{toDelete?.name}</strong> leaves the catalog. Orders already placed for it keep
          their item and price.
        </p>
      </ConfirmDialog>
    </>
  );
}

function Thumbnail({ product }: { product: Product }) {
  return (
    <img
      src={product.img}
      alt=""
      width={48}
      height={36}
      loading="lazy"
      className="h-9 w-12 shrink-0 rounded bg-base-200 object-cover"
    />
  );
}
