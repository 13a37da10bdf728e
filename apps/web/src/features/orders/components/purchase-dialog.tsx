import type { Product } from '@toolyard/shared';
import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { PurchaseForm, type Buyer } from './purchase-form';

/** The 'Click TO Continue Purchase' button and the purchase modal it opens; closes on success. */
export function PurchaseDialog({ product, buyer }: { product: Product; buyer: Buyer }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-block"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Click TO Continue Purchase
      </button>
      <Modal open={open} title={`Order ${product.name}`} onClose={() => setOpen(false)}>
        <PurchaseForm product={product} buyer={buyer} onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}
