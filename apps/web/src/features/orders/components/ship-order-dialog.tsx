import { zodResolver } from '@hookform/resolvers/zod';
import { shipOrderSchema, type ShipOrderInput } from '@toolyard/shared';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { orderSummary } from '../utils/order-summary';
import {
  OrderActionDialog,
  type OrderActionDialogProps,
  type OrderActionFormProps,
} from './order-action-dialog';

type Shipment = z.output<typeof shipOrderSchema>;

/**
 * Asks before marking a paid order shipped, which cannot be undone, and takes the carrier and
 * tracking number if the admin has them; the buyer sees both on the order's timeline.
 */
export function ShipOrderDialog(props: OrderActionDialogProps<Shipment>) {
  return <OrderActionDialog {...props} title="Mark this order shipped?" form={ShipOrderForm} />;
}

function ShipOrderForm({ order, busy, onConfirm, onClose }: OrderActionFormProps<Shipment>) {
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
