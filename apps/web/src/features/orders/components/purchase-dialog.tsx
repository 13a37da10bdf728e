import type { Product } from '@toolyard/shared';
import { Suspense, useState, type ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { lazyNamed } from '@/lib/lazy-named';
import type { Buyer } from './purchase-form';

const loadForm = () => import('./purchase-form');
// The form (react-hook-form, its resolver) downloads when a buyer reaches for a button, not
// with the catalog: most visits to /allItems open no dialog.
const PurchaseForm = lazyNamed(loadForm, 'PurchaseForm');
// Only a head start: a failed download is reported when the dialog opens, not here.
const prefetchForm = () => void loadForm().catch(() => {});

/**
 * The 'Click TO Continue Purchase' button and the purchase modal it opens; closes on success.
 * `secondaryAction` goes under Place Order (the cart's "Add to cart"), given the form's quantity
 * check and a way to close the dialog.
 */
export function PurchaseDialog({
  product,
  buyer,
  secondaryAction,
}: {
  product: Product;
  buyer: Buyer;
  secondaryAction?: (validQuantity: () => Promise<number | null>, close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-block"
        aria-haspopup="dialog"
        onPointerEnter={prefetchForm}
        onFocus={prefetchForm}
        onClick={() => setOpen(true)}
      >
        Click TO Continue Purchase
      </button>
      <Modal open={open} title={`Order ${product.name}`} onClose={close}>
        <Suspense fallback={<Spinner label="Loading the order form" />}>
          <PurchaseForm
            product={product}
            buyer={buyer}
            onDone={close}
            secondaryAction={
              secondaryAction && ((validQuantity) => secondaryAction(validQuantity, close))
            }
          />
        </Suspense>
      </Modal>
    </>
  );
}
