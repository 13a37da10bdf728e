import type { Product } from '@toolyard/shared';
import { Suspense, useState } from 'react';
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

/** The 'Click TO Continue Purchase' button and the purchase modal it opens; closes on success. */
export function PurchaseDialog({ product, buyer }: { product: Product; buyer: Buyer }) {
  const [open, setOpen] = useState(false);
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
      <Modal open={open} title={`Order ${product.name}`} onClose={() => setOpen(false)}>
        <Suspense fallback={<Spinner label="Loading the order form" />}>
          <PurchaseForm product={product} buyer={buyer} onDone={() => setOpen(false)} />
        </Suspense>
      </Modal>
    </>
  );
}
