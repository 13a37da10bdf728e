import { zodResolver } from '@hookform/resolvers/zod';
import { formatDollars, type Order } from '@toolyard/shared';
import type { ChangeEvent, FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import * as z from 'zod/mini';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/api-client';
import { usePayOrder } from '../api/pay-order';
import { paymentFailureMessage } from '../utils/payment-failure';

/** "4242424242424242" → "4242 4242 4242 4242", at most 19 digits. */
export const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1230" → "12/30": the slash appears once the month is typed. */
export const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** Obviously incomplete cards are caught here; the server decides everything else. */
const cardFormSchema = z.object({
  cardNumber: z.pipe(
    z.pipe(
      z.string(),
      z.transform((v) => v.replace(/\D/g, '')),
    ),
    z
      .string()
      .check(
        z.minLength(1, 'Enter your card number.'),
        z.regex(/^\d{12,19}$/, 'Your card number is incomplete.'),
      ),
  ),
  expiry: z.string().check(
    z.trim(),
    z.minLength(1, "Enter your card's expiry date."),
    z.regex(/^\d{2}\/\d{2}$/, "Your card's expiration date is incomplete."),
    z.refine((v) => {
      const month = Number(v.slice(0, 2));
      return month >= 1 && month <= 12;
    }, "Your card's expiration month is invalid."),
  ),
  cvc: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "Enter your card's security code."),
      z.regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
    ),
});
type CardFormInput = z.input<typeof cardFormSchema>;
type CardFormValues = z.output<typeof cardFormSchema>;

/** Which form field a server field message belongs to. */
const serverFields: Record<string, keyof CardFormInput> = {
  cardNumber: 'cardNumber',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
};

/**
 * The test-mode card form: card number, expiry (MM/YY) and CVC, and Pay {total}. Nothing
 * is charged: the server's built-in processor behaves like Stripe's test cards. The server's
 * answer to a refused card shows once, in red under the form (or at the field it names), until
 * the next attempt.
 */
export function TestCardForm({
  orderId,
  total,
  onPaid,
}: {
  orderId: string;
  /** The order's stored total, in dollars; the server charges that, whatever this says. */
  total: number;
  onPaid?: (order: Order) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CardFormInput, unknown, CardFormValues>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });

  const payOrder = usePayOrder({
    onSuccess: (order) => {
      toast.success('Successfully Paid');
      onPaid?.(order);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const [name, message] of Object.entries(error.fields)) {
        const field = serverFields[name];
        if (field) setError(field, { message });
      }
    },
  });

  const pay = handleSubmit(({ cardNumber, expiry, cvc }) =>
    payOrder.mutate({
      orderId,
      card: {
        cardNumber,
        expMonth: Number(expiry.slice(0, 2)),
        expYear: 2000 + Number(expiry.slice(3, 5)),
        cvc,
      },
    }),
  );

  // A new attempt starts clean: the last answer from the server no longer applies, even when
  // this one stops at a field the browser can check (the field's own message says why).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    payOrder.reset();
    return pay(event);
  };

  // One message per failure: a refusal shown at its field is not repeated under the form.
  const failure = payOrder.error;
  const shownAtField =
    failure instanceof ApiError &&
    Object.keys(failure.fields).some((name) => Object.hasOwn(serverFields, name));

  /** Reformats the input as the buyer types, then lets the form read it. */
  const formatted = (field: ReturnType<typeof register>, format: (value: string) => string) => ({
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = format(event.target.value);
      return field.onChange(event);
    },
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <div role="note" className="alert alert-info alert-soft mb-3 text-sm">
        <p>
          <strong>Test mode</strong> — no money moves. Use 4242 4242 4242 4242 with any future date
          and any 3 digits; 4000 0000 0000 0002 is declined.
        </p>
      </div>
      <TextField
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        error={errors.cardNumber?.message}
        {...formatted(register('cardNumber'), formatCardNumber)}
      />
      <div className="grid grid-cols-2 gap-x-4">
        <TextField
          label="Expiry"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM / YY"
          maxLength={5}
          error={errors.expiry?.message}
          {...formatted(register('expiry'), formatExpiry)}
        />
        <TextField
          label="CVC"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          maxLength={4}
          error={errors.cvc?.message}
          {...formatted(register('cvc'), (value) => value.replace(/\D/g, '').slice(0, 4))}
        />
      </div>
      <FormError
        message={payOrder.isError && !shownAtField ? paymentFailureMessage(failure) : null}
      />
      <SubmitButton busy={payOrder.isPending} busyLabel="Paying…" className="btn-primary btn-block">
        Pay {formatDollars(total)}
      </SubmitButton>
    </form>
  );
}
