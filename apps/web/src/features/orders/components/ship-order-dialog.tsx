import { zodResolver } from '@hookform/resolvers/zod';
import { shipOrderSchema, type Order, type ShipOrderInput } from '@toolyard/shared';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { TextField } from '@/components/ui/form-field';
import { Modal } from '@/components/ui/modal';
import { SubmitButton } from '@/components/ui/submit-button';
import { orderSummary } from '../utils/order-summary';

type Shipment = z.output<typeof shipOrderSchema>;

/**
 * Asks before marking a paid order shipped, which cannot be undone, and takes the carrier and
 * tracking number if the admin has them; the buyer sees both on the order's timeline.
 */
export function ShipOrderDialog({
  order,
  busy,
  onConfirm,
  onClose,
}: {
  /** The order to ship; null keeps the dialog closed. */
  order: Order | null;
  busy: boolean;
  onConfirm: (order: Order, shipment: Shipment) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={order !== null}
      title="Mark this order shipped?"
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      {order && (
        <ShipOrderForm
          order={order}
          busy={busy}
          onConfirm={(shipment) => onConfirm(order, shipment)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function ShipOrderForm({
  order,
  busy,
  onConfirm,
  onClose,
}: {
  order: Order;
  busy: boolean;
  onConfirm: (shipment: Shipment) => void;
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ShipOrderInput, unknown, Shipment>({
    resolver: zodResolver(shipOrderSchema),
    defaultValues: { carrier: '', trackingNumber: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit(onConfirm)}>
      <p className="mb-2">
        {order.BuyerName}&apos;s order for <strong>{orderSummary(order)}</strong> will be marked
        shipped. This cannot be undone.
      </p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Carrier"
          hint="Optional"
          maxLength={60}
          error={errors.carrier?.message}
          {...register('carrier')}
        />
        <TextField
          label="Tracking number"
          hint="Optional"
          maxLength={100}
          error={errors.trackingNumber?.message}
          {...register('trackingNumber')}
        />
      </div>
      <div className="modal-action">
        <button type="button" className="btn" disabled={busy} onClick={onClose}>
          Not yet
        </button>
        <SubmitButton busy={busy} busyLabel="Marking shipped…">
          Mark shipped
        </SubmitButton>
      </div>
    </form>
  );
}
