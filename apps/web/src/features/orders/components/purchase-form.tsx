import { zodResolver } from '@hookform/resolvers/zod';
import {
  centsToDollars,
  dollarsToCents,
  formatDollars,
  isInStock,
  placeOrderSchema,
  PURCHASE_QUANTITY_MESSAGE,
  type Order,
  type Product,
} from '@toolyard/shared';
import { useId, useMemo, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import * as z from 'zod/mini';
import { FormError } from '@/components/ui/form-error';
import { BuyerFields, TextAreaField, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePlaceOrder } from '../api/place-order';

/** Who is ordering: the signed-in person, as the page reads them from the session. */
export interface Buyer {
  name: string;
  email: string;
  phone?: string | null;
  address?: string | null;
}

const fieldNames = ['OrderQuantity', 'Contact', 'Address'] as const;

/** The quantity must lie between the product's minimum and its stock (the spec's rule). */
function purchaseSchema({ MinOrderQuantity, AvailableQuantity }: Product) {
  return z.object({
    OrderQuantity: z
      .number({ error: 'Quantity must be a number' })
      .check(
        z.int('Quantity must be a whole number'),
        z.minimum(MinOrderQuantity, PURCHASE_QUANTITY_MESSAGE),
        z.maximum(AvailableQuantity, PURCHASE_QUANTITY_MESSAGE),
      ),
    Contact: placeOrderSchema.shape.Contact,
    Address: placeOrderSchema.shape.Address,
  });
}
type PurchaseInput = z.input<ReturnType<typeof purchaseSchema>>;
type PurchaseValues = z.output<ReturnType<typeof purchaseSchema>>;

/** price × quantity, counted in cents so that 3 × $0.10 is $0.30. */
const totalOf = (price: number, quantity: number) =>
  centsToDollars(dollarsToCents(price) * quantity);

/**
 * The purchase form: the buyer's name and email (read-only), phone and address (from the
 * profile), and a quantity starting at the minimum, with the total as it changes. A quantity
 * outside [minimum, stock] shows the spec's message and sends nothing. A product out of stock
 * (fewer units than its minimum order) gets no form, only that message.
 */
export function PurchaseForm({
  product,
  buyer,
  onDone,
  secondaryAction,
}: {
  product: Product;
  buyer: Buyer;
  onDone?: (order: Order) => void;
  /**
   * Another action under Place Order (the cart's "Add to cart", which this feature may not
   * import). `validQuantity` checks the quantity field, showing its message, and gives the
   * quantity, or null when it is not valid.
   */
  secondaryAction?: (validQuantity: () => Promise<number | null>) => ReactNode;
}) {
  const totalId = useId();
  const schema = useMemo(() => purchaseSchema(product), [product]);
  const {
    register,
    handleSubmit,
    setError,
    control,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<PurchaseInput, unknown, PurchaseValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      OrderQuantity: product.MinOrderQuantity,
      Contact: buyer.phone ?? '',
      Address: buyer.address ?? '',
    },
  });
  const quantity = useWatch({ control, name: 'OrderQuantity' });
  const total =
    Number.isInteger(quantity) && quantity > 0
      ? formatDollars(totalOf(product.price, quantity))
      : '—';

  const placeOrder = usePlaceOrder({
    onSuccess: (order) => {
      toast.success(`Hello ${order.BuyerName} We Have Received Your Order`);
      onDone?.(order);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      const messages: Record<string, string | undefined> = { ...error.fields };
      // Someone else bought the stock first: say how many are left, at the quantity.
      if (error.code === 'out_of_stock') messages.OrderQuantity = error.message;
      for (const field of fieldNames) {
        const message = messages[field];
        if (message) setError(field, { message });
      }
    },
  });

  const onSubmit = handleSubmit((values) =>
    placeOrder.mutate({
      itemId: product._id,
      ItemName: product.name,
      OrderQuantity: values.OrderQuantity,
      price: product.price,
      BuyerName: buyer.name,
      BuyerEmail: buyer.email,
      Contact: values.Contact,
      Address: values.Address,
      totalCost: totalOf(product.price, values.OrderQuantity),
    }),
  );

  const validQuantity = async () =>
    (await trigger('OrderQuantity')) ? getValues('OrderQuantity') : null;

  const failure = placeOrder.error;
  const shownAtField =
    failure instanceof ApiError &&
    (failure.code === 'out_of_stock' || fieldNames.some((field) => failure.fields[field]));

  // Fewer units than the minimum order: no quantity would be accepted, so offer none.
  if (!isInStock(product)) {
    return (
      <>
        <ProductFigures product={product} />
        <p role="status" className="alert alert-warning alert-soft mt-3">
          Out of stock: there are not enough left for a minimum order right now. Please check back
          soon.
        </p>
      </>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <ProductFigures product={product} />
      <BuyerFields name={buyer.name} email={buyer.email} />
      <TextAreaField
        label="Address"
        autoComplete="street-address"
        rows={2}
        error={errors.Address?.message}
        {...register('Address')}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.Contact?.message}
          {...register('Contact')}
        />
        <TextField
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={product.MinOrderQuantity}
          max={product.AvailableQuantity}
          step={1}
          hint={`From ${product.MinOrderQuantity.toLocaleString('en-US')} to ${product.AvailableQuantity.toLocaleString('en-US')}.`}
          error={errors.OrderQuantity?.message}
          {...register('OrderQuantity', { valueAsNumber: true })}
        />
      </div>
      <p className="flex items-baseline justify-between border-t border-base-300 pt-3 text-lg">
        <span id={totalId}>Total</span>
        <output aria-labelledby={totalId} aria-live="polite" className="font-bold text-primary">
          {total}
        </output>
      </p>
      <FormError message={placeOrder.isError && !shownAtField ? errorMessage(failure) : null} />
      <SubmitButton
        busy={placeOrder.isPending}
        busyLabel="Placing your order…"
        className="btn-primary btn-block"
      >
        Place Order
      </SubmitButton>
      {secondaryAction && <div className="mt-2">{secondaryAction(validQuantity)}</div>}
    </form>
  );
}

/** Price, stock and minimum order, above the form. */
function ProductFigures({ product }: { product: Product }) {
  return (
    <dl className="grid grid-cols-3 gap-2 rounded-box bg-base-200 p-3 text-center text-sm">
      <div>
        <dt className="text-base-content/70">Price</dt>
        <dd className="font-semibold">{formatDollars(product.price)}</dd>
      </div>
      <div>
        <dt className="text-base-content/70">Available</dt>
        <dd className="font-semibold">{product.AvailableQuantity.toLocaleString('en-US')}</dd>
      </div>
      <div>
        <dt className="text-base-content/70">Minimum order</dt>
        <dd className="font-semibold">{product.MinOrderQuantity.toLocaleString('en-US')}</dd>
      </div>
    </dl>
  );
}
