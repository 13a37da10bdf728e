import type { Order } from '@toolyard/shared';
import type { ComponentType } from 'react';
import { Modal } from '@/components/ui/modal';

/** What an order action's form gets: the order, whether the action runs, and its two ends. */
export interface OrderActionFormProps<Input> {
  order: Order;
  busy: boolean;
  onConfirm: (input: Input) => void;
  onClose: () => void;
}

/** How an admin's order action dialog is used: which order (null: closed) and what to do. */
export interface OrderActionDialogProps<Input> {
  order: Order | null;
  busy: boolean;
  onConfirm: (order: Order, input: Input) => void;
  onClose: () => void;
}

/**
 * The modal around an admin's action on one order (ship, refund): open while there is an
 * order, it cannot be closed while the action runs, and its form starts afresh each time.
 */
export function OrderActionDialog<Input>({
  title,
  form: Form,
  order,
  busy,
  onConfirm,
  onClose,
}: OrderActionDialogProps<Input> & {
  title: string;
  form: ComponentType<OrderActionFormProps<Input>>;
}) {
  return (
    <Modal
      open={order !== null}
      title={title}
      onClose={() => {
        if (!busy) onClose();
      }}
    >
      {order && (
        <Form
          order={order}
          busy={busy}
          onConfirm={(input) => onConfirm(order, input)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
