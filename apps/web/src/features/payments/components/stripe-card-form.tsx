import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { formatDollars, type Order } from '@toolyard/shared';
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { ErrorState } from '@/components/ui/error-state';
import { FormError } from '@/components/ui/form-error';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-client';
import { useCheckStripePayment } from '../api/check-stripe-payment';
import { useStripePayment } from '../api/start-stripe-payment';
import { paymentFailureMessage } from '../utils/payment-failure';

const stripes = new Map<string, Promise<Stripe | null>>();
/** Stripe.js loads from Stripe once per key, and only on the page that takes a card. */
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** The card form in the shop's colours. */
const appearance: StripeElementsOptions['appearance'] = {
  theme: 'stripe',
  variables: { colorPrimary: '#b45309', colorDanger: '#b91c1c', borderRadius: '8px' },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface StripeCardFormProps {
  orderId: string;
  publishableKey: string;
  /** Stripe's redirect_status when the bank sent the buyer back here (3-D Secure). */
  redirectStatus?: string | null;
  onPaid?: (order: Order) => void;
}

/**
 * Stripe mode: Stripe Elements takes the card for the order's PaymentIntent, and Stripe.js
 * confirms it. The order counts as paid only when the server hears it from Stripe.
 */
export function StripeCardForm({
  orderId,
  publishableKey,
  redirectStatus,
  onPaid,
}: StripeCardFormProps) {
  const payment = useStripePayment(orderId);
  if (payment.isPending) return <Spinner label="Preparing the card form" />;
  if (payment.isError) {
    return (
      <ErrorState message={errorMessage(payment.error)} onRetry={() => void payment.refetch()} />
    );
  }
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret: payment.data.clientSecret, appearance }}
    >
      <CardForm
        orderId={orderId}
        amount={payment.data.amount}
        redirectStatus={redirectStatus}
        onPaid={onPaid}
      />
    </Elements>
  );
}

function CardForm({
  orderId,
  amount,
  redirectStatus,
  onPaid,
}: {
  orderId: string;
  amount: number;
  redirectStatus?: string | null;
  onPaid?: (order: Order) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const check = useCheckStripePayment();
  // Back from the bank's own page (3-D Secure): the redirect says how it went.
  const returned = Boolean(redirectStatus) && redirectStatus !== 'failed';
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(returned);
  const [message, setMessage] = useState<string | null>(
    redirectStatus === 'failed'
      ? 'Your bank did not approve the payment. Try again or use another card.'
      : null,
  );
  const [processing, setProcessing] = useState(false);

  /** Asks the server (which asks Stripe) a few times: a card can take a moment to settle. */
  async function settle() {
    for (let attempt = 1; attempt <= 5; attempt++) {
      const order = await check.mutateAsync(orderId);
      if (order.paid) {
        toast.success('Successfully Paid');
        onPaid?.(order);
        return;
      }
      await sleep(1000 * attempt);
    }
    setProcessing(true);
  }

  // ...and the server, asking Stripe, decides whether it is paid; once per return.
  const settledReturn = useRef(false);
  const settleReturn = useEffectEvent(() => {
    settle()
      .catch((err: unknown) => setMessage(paymentFailureMessage(err)))
      .finally(() => setBusy(false));
  });
  useEffect(() => {
    if (!returned || settledReturn.current) return;
    settledReturn.current = true;
    settleReturn();
  }, [returned]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setMessage(null);
    setProcessing(false);
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/dashboard/payment/${orderId}` },
      });
      if (error) {
        setMessage(error.message ?? 'Your card was declined.');
      } else if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'processing') {
        await settle();
      }
    } catch (err) {
      setMessage(paymentFailureMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <PaymentElement onReady={() => setReady(true)} />
      <FormError message={message} />
      {processing && (
        <p role="status" className="alert alert-info alert-soft mb-3">
          Your bank is still confirming this payment. My Orders shows it as Paid once it is done.
        </p>
      )}
      <SubmitButton
        busy={busy || !ready || !stripe}
        busyLabel={ready ? 'Paying…' : 'Loading the card form…'}
        className="btn-primary btn-block"
      >
        Pay {formatDollars(amount)}
      </SubmitButton>
    </form>
  );
}
