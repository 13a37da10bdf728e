import { formatDollars, type Order } from '@toolyard/shared';
import { Suspense } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { ErrorState } from '@/components/ui/error-state';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { lazyNamed } from '@/lib/lazy-named';
import { useOrder } from '@/features/orders/api/get-order';
import { usePaymentConfig } from '@/features/payments/api/get-payment-config';
import { TestCardForm } from '@/features/payments/components/test-card-form';

// Stripe's libraries load only when this shop takes cards through Stripe.
const StripeCardForm = lazyNamed(
  () => import('@/features/payments/components/stripe-card-form'),
  'StripeCardForm',
);

/**
 * The spec's payment page: who ordered what and the total, then the card form. An order
 * that is paid, shipped, cancelled or refunded cannot be paid (again); the server refuses it too.
 */
export default function PaymentPage() {
  const { id } = useParams();
  const order = useOrder(id);

  // Someone else's order, or a link that is not an order's: the server says 404 (or 400).
  const notFound =
    order.error instanceof ApiError && (order.error.status === 404 || order.error.status === 400);

  return (
    <section className="max-w-xl py-2">
      <PageTitle title="Payment" />
      <h1 className="text-3xl font-bold">Payment</h1>
      {order.isPending ? (
        <Spinner label="Loading the order" />
      ) : notFound ? (
        <ErrorState message="We could not find this order." />
      ) : !order.data ? (
        <ErrorState message={errorMessage(order.error)} onRetry={() => void order.refetch()} />
      ) : (
        // Shown once read, even if a later read fails: a failed payment's message and the card
        // typed in stay on the page, to pay again.
        <div className="card mt-4 border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body">
            <OrderSummary order={order.data} />
            <PaymentStep order={order.data} />
          </div>
        </div>
      )}
    </section>
  );
}

function OrderSummary({ order }: { order: Order }) {
  return (
    <dl className="grid gap-2 rounded-box bg-base-200 p-3 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-base-content/70">Buyer</dt>
        <dd className="font-semibold break-words">{order.BuyerName}</dd>
      </div>
      <div>
        <dt className="text-base-content/70">Item</dt>
        <dd className="font-semibold break-words">{order.ItemName}</dd>
      </div>
      <div>
        <dt className="text-base-content/70">Total</dt>
        <dd className="text-lg font-bold text-primary">{formatDollars(order.totalCost)}</dd>
      </div>
    </dl>
  );
}

function PaymentStep({ order }: { order: Order }) {
  const [, navigate] = useLocation();
  const [searchParams] = useSearchParams();
  const config = usePaymentConfig();

  if (order.status === 'refunded') {
    return (
      <p role="status" className="alert alert-warning alert-soft mt-3">
        This order was refunded.
      </p>
    );
  }
  if (order.paid || order.status === 'paid' || order.status === 'shipped') {
    return (
      <div role="status" className="alert alert-success alert-soft mt-3 flex flex-wrap">
        <span>This order is paid.</span>
        <Link to="/dashboard/myOrders" className="btn btn-sm">
          Go to My Orders
        </Link>
      </div>
    );
  }
  if (order.status === 'cancelled') {
    return (
      <p role="status" className="alert alert-warning alert-soft mt-3">
        This order was cancelled.
      </p>
    );
  }
  if (config.isPending) return <Spinner label="Loading the card form" />;
  if (config.isError) {
    return (
      <ErrorState message={errorMessage(config.error)} onRetry={() => void config.refetch()} />
    );
  }
  const onPaid = () => navigate('/dashboard/myOrders');
  if (config.data.mode === 'stripe' && config.data.publishableKey) {
    return (
      <div className="mt-3">
        <Suspense fallback={<Spinner label="Loading the card form" />}>
          <StripeCardForm
            orderId={order._id}
            publishableKey={config.data.publishableKey}
            redirectStatus={searchParams.get('redirect_status')}
            onPaid={onPaid}
          />
        </Suspense>
      </div>
    );
  }
  if (config.data.mode !== 'test') {
    return (
      <p role="status" className="alert alert-warning alert-soft mt-3">
        Card payments are not available on this shop yet. Your order is kept; please come back
        later.
      </p>
    );
  }
  return (
    <div className="mt-3">
      <TestCardForm orderId={order._id} total={order.totalCost} onPaid={onPaid} />
    </div>
  );
}
