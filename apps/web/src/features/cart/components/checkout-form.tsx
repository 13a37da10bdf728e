import { zodResolver } from '@hookform/resolvers/zod';
import { checkoutSchema, type CheckoutInput, type OrderDetail } from '@toolyard/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { FormError } from '@/components/ui/form-error';
import { BuyerFields, TextAreaField, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCheckout } from '../api/checkout';

/** The signed-in buyer, as the page reads them from the session: the profile prefills the form. */
export interface CheckoutBuyer {
  name: string;
  email: string;
  phone?: string | null;
  address?: string | null;
}

const fieldNames = ['Contact', 'Address'] as const;

/**
 * Contact and address (from the profile) and "Place order": one order of the whole cart.
 * `blocked` says why the cart cannot be checked out as it is (nothing is sent then); a refusal
 * naming lines hands their messages, keyed by itemId, to `onRefused`.
 */
export function CheckoutForm({
  buyer,
  blocked,
  onRefused,
  onOrdered,
}: {
  buyer: CheckoutBuyer;
  blocked: string | null;
  onRefused: (fields: Record<string, string>) => void;
  onOrdered: (order: OrderDetail) => void;
}) {
  const [showBlocked, setShowBlocked] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CheckoutInput, unknown, z.output<typeof checkoutSchema>>({
    resolver: zodResolver(checkoutSchema),
    defaultValues: { Contact: buyer.phone ?? '', Address: buyer.address ?? '' },
  });

  const checkout = useCheckout({
    onSuccess: onOrdered,
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      // Lines the stock or the catalog refused: each says why under its quantity.
      if (error.code === 'out_of_stock') onRefused(error.fields);
      for (const field of fieldNames) {
        const message = error.fields[field];
        if (message) setError(field, { message });
      }
    },
  });

  const onSubmit = handleSubmit((values) => {
    // Said when the buyer tries, not before: a refusal's own message stays until then.
    setShowBlocked(Boolean(blocked));
    if (blocked) {
      checkout.reset();
      return;
    }
    onRefused({});
    checkout.mutate(values);
  });

  const failure = checkout.error;
  const shownAtField =
    failure instanceof ApiError &&
    failure.code !== 'out_of_stock' &&
    fieldNames.some((field) => failure.fields[field]);
  const message =
    showBlocked && blocked
      ? blocked
      : checkout.isError && !shownAtField
        ? errorMessage(failure)
        : null;

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="checkout-heading" className="mt-8">
      <h2 id="checkout-heading" className="text-2xl font-bold">
        Checkout
      </h2>
      <BuyerFields name={buyer.name} email={buyer.email} />
      <TextAreaField
        label="Address"
        autoComplete="street-address"
        rows={2}
        error={errors.Address?.message}
        {...register('Address')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.Contact?.message}
        {...register('Contact')}
      />
      <FormError message={message} />
      <SubmitButton
        busy={checkout.isPending}
        busyLabel="Placing your order…"
        className="btn-primary btn-block sm:btn-wide"
      >
        Place order
      </SubmitButton>
    </form>
  );
}
