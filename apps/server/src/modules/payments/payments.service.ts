import {
  centsToDollars,
  type Order,
  type PaymentIntentResponse,
  type RefundOrderInput,
} from '@toolyard/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed.js';
import { summarizeError } from '../../db/outage.js';
import { AppError, notFound } from '../../errors.js';
import type { CurrentUser } from '../auth/session.js';
import type { Tx } from '../../db/client.js';
import type { OrderLifeRepository } from '../orders/order-life.repository.js';
import { toOrder, type OrderRow } from '../orders/orders.repository.js';
import { assertRefundable, chooseRefundLines } from '../orders/refund-lines.js';
import type {
  PaymentProvider,
  ProviderIntent,
  StripeProvider,
  TestModeProvider,
} from './provider-types.js';
import type { PaymentRow, PaymentsRepository } from './payments.repository.js';
import { STRIPE_CURRENCY } from './stripe-provider.js';
import type { CardDetails } from './test-card-processor.js';

const noSuchOrder = () => notFound('There is no such order.');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Intents the buyer can still complete in the browser. */
const OPEN_INTENT = new Set<ProviderIntent['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

function assertPayable(order: OrderRow) {
  if (order.status === 'cancelled') {
    throw new AppError('conflict', 'This order was cancelled and can no longer be paid.', 409);
  }
  if (order.paymentStatus === 'refunded') {
    throw new AppError('conflict', 'This order was refunded and can no longer be paid.', 409);
  }
  if (order.paymentStatus !== 'unpaid') {
    throw new AppError('conflict', 'This order is already paid.', 409);
  }
}

export interface PaymentsServiceOptions {
  repo: PaymentsRepository;
  /** The orders module's moves: payments read and lock orders and mark them paid or refunded. */
  orders: OrderLifeRepository;
  /** Undefined when card payments are off. */
  provider: PaymentProvider | undefined;
  log: FastifyBaseLogger;
  /** Told about stock a refund returns, so cached product lists drop it. */
  changes?: Pick<ChangeFeed, 'publish'>;
}

/**
 * Paying and refunding. An order becomes paid only in the transaction that records a payment
 * the provider confirmed: the test processor's answer, or Stripe's (webhook or a direct ask).
 */
export function createPaymentsService({
  repo,
  orders,
  provider,
  log,
  changes,
}: PaymentsServiceOptions) {
  function requireProvider(name: 'test'): TestModeProvider;
  function requireProvider(name: 'stripe'): StripeProvider;
  function requireProvider(name: PaymentProvider['name']): PaymentProvider {
    if (!provider) {
      throw new AppError(
        'service_unavailable',
        'Card payments are not available on this shop yet.',
        503,
      );
    }
    if (provider.name !== name) {
      throw new AppError(
        'conflict',
        provider.name === 'stripe'
          ? 'This shop takes cards through Stripe. Reload the payment page.'
          : 'This shop takes cards in test mode. Reload the payment page.',
        409,
      );
    }
    return provider;
  }

  /** The buyer's own order (admins too, when `admins`); anyone else's is "not found". */
  async function findOrder(actor: CurrentUser, orderId: string, admins: boolean) {
    const order = await orders.findOrder(orderId);
    if (!order || !(order.buyerId === actor.id || (admins && actor.role === 'admin'))) {
      throw noSuchOrder();
    }
    return order;
  }

  /**
   * Acts on what Stripe says about an intent, with the order and payment rows locked. Only
   * moves forward: a late or repeated report of an earlier state changes nothing.
   */
  async function applyIntent(tx: Tx, intent: ProviderIntent): Promise<string> {
    if (!intent.orderId || !UUID.test(intent.orderId)) return 'not a Toolyard payment';
    const order = await orders.lockOrder(tx, intent.orderId);
    if (!order) return 'no such order';
    if (intent.amountCents > 0) {
      await repo.insertOnce(tx, {
        orderId: order.id,
        provider: 'stripe',
        providerRef: intent.id,
        amountCents: intent.amountCents,
        status: 'pending',
      });
    }
    const payment = await repo.lockByRef(tx, 'stripe', intent.id);
    if (!payment || payment.orderId !== order.id) return 'payment of another order';

    switch (intent.status) {
      case 'succeeded':
        return recordSuccess(tx, order, payment, intent);
      case 'canceled':
        if (payment.status !== 'pending') return 'unchanged';
        await repo.update(tx, payment.id, { status: 'cancelled' });
        return 'cancelled';
      case 'requires_payment_method':
        if (payment.status !== 'pending' || !intent.failureMessage) return 'unchanged';
        await repo.update(tx, payment.id, { failureMessage: intent.failureMessage });
        return 'attempt failed';
      default:
        return 'unchanged';
    }
  }

  async function recordSuccess(
    tx: Tx,
    order: OrderRow,
    payment: PaymentRow,
    intent: ProviderIntent,
  ): Promise<string> {
    if (payment.status === 'succeeded' || payment.status === 'refunded') return 'unchanged';
    const fits = intent.amountCents === order.totalCents && intent.currency === STRIPE_CURRENCY;
    if (fits && order.status === 'pending') {
      await repo.update(tx, payment.id, { status: 'succeeded', failureMessage: null });
      await orders.markPaid(tx, order.id, { amountCents: intent.amountCents, cardLast4: null });
      return 'paid';
    }
    // Money the order cannot take (cancelled meanwhile, paid twice, or not its total): give it
    // back. Refunding inside the transaction means a failure leaves the event to be retried.
    const reason = !fits
      ? `Refunded: ${intent.amountCents} ${intent.currency} is not the order's total.`
      : order.status === 'cancelled'
        ? 'Refunded: the order was cancelled before this payment arrived.'
        : 'Refunded: the order was already paid.';
    await requireProvider('stripe').refund({
      providerRef: intent.id,
      amountCents: intent.amountCents,
      idempotencyKey: `toolyard-refund-${payment.id}`,
    });
    await repo.update(tx, payment.id, {
      status: 'refunded',
      refundedCents: intent.amountCents,
      failureMessage: reason,
    });
    log.warn({ orderId: order.id, paymentIntent: intent.id }, reason);
    return 'refunded';
  }

  /**
   * Gives `amountCents` of the order back through the provider, from its succeeded payments in
   * turn (one, in practice), each at most what is left of it, and records it on them. Stripe is
   * asked with an idempotency key of the refund and the payment, so a retried refund is one
   * refund at Stripe; the test processor took no money and gives none back. The order stays
   * locked until Stripe answers, so it cannot ship or be refunded again meanwhile.
   */
  async function giveBack(tx: Tx, orderId: string, amountCents: number, refundId: string) {
    let owed = amountCents;
    for (const payment of await repo.succeeded(tx, orderId)) {
      const share = Math.min(owed, payment.amountCents - payment.refundedCents);
      if (share <= 0) continue;
      if (payment.provider === 'stripe' && payment.providerRef) {
        await requireProvider('stripe').refund({
          providerRef: payment.providerRef,
          amountCents: share,
          idempotencyKey: `toolyard-refund-${refundId}-${payment.id}`,
        });
      }
      await repo.addRefunded(tx, payment.id, share);
      owed -= share;
      if (owed === 0) break;
    }
  }

  return {
    /** What the payment page needs to know: test mode, Stripe (and its key), or off. */
    config: () => provider?.publicConfig ?? { mode: 'disabled' as const },

    /**
     * Charges the order's stored total to a test card. The order row is locked for the whole
     * attempt, so two clicks cannot both pay, and a paid order is refused.
     */
    async payWithTestCard(actor: CurrentUser, orderId: string, card: CardDetails): Promise<Order> {
      const processor = requireProvider('test');
      const outcome = await repo.transaction(async (tx) => {
        const order = await orders.lockOrder(tx, orderId);
        if (!order || order.buyerId !== actor.id) throw noSuchOrder();
        assertPayable(order);
        const charge = processor.charge(card);
        await repo.insert(tx, {
          orderId,
          provider: 'test',
          providerRef: charge.ok ? charge.reference : null,
          amountCents: order.totalCents,
          status: charge.ok ? 'succeeded' : 'failed',
          failureMessage: charge.ok ? null : charge.message,
          cardLast4: card.cardNumber.slice(-4),
        });
        if (!charge.ok) return { paid: null, declined: charge.message };
        const paid = await orders.markPaid(tx, orderId, {
          amountCents: order.totalCents,
          cardLast4: card.cardNumber.slice(-4),
        });
        if (!paid) throw noSuchOrder();
        return { paid: toOrder(paid), declined: null };
      });
      // The failed attempt is recorded (committed above); the buyer gets the card's reason.
      if (!outcome.paid) {
        const message = outcome.declined ?? 'Your card was declined.';
        throw new AppError('card_declined', message, 402, { card: message });
      }
      return outcome.paid;
    },

    /**
     * Stripe: the PaymentIntent for the order's stored total, for Stripe Elements to confirm.
     * An intent the buyer can still complete is reused; a new one gets an idempotency key from
     * the order and its attempt number, so two clicks at once make one intent.
     */
    async startStripePayment(actor: CurrentUser, orderId: string): Promise<PaymentIntentResponse> {
      const stripe = requireProvider('stripe');
      const order = await findOrder(actor, orderId, false);
      assertPayable(order);
      const intents = await repo.stripeIntents(orderId);
      const latest = intents.latest;
      if (latest?.status === 'pending' && latest.providerRef) {
        const intent = await stripe.retrieveIntent(latest.providerRef);
        if (OPEN_INTENT.has(intent.status) && intent.clientSecret) {
          return { clientSecret: intent.clientSecret, amount: centsToDollars(order.totalCents) };
        }
        await repo.transaction((tx) => applyIntent(tx, intent));
        if (intent.status !== 'canceled') {
          throw new AppError(
            'conflict',
            intent.status === 'succeeded'
              ? 'This order is already paid.'
              : 'Your payment for this order is being processed. Check My Orders in a minute.',
            409,
          );
        }
      }
      const intent = await stripe.createIntent({
        orderId,
        amountCents: order.totalCents,
        idempotencyKey: `toolyard-order-${orderId}-intent-${intents.count + 1}`,
        description: `Toolyard order ${orderId}: ${order.orderQuantity} × ${order.itemName}`,
      });
      await repo.transaction((tx) =>
        repo.insertOnce(tx, {
          orderId,
          provider: 'stripe',
          providerRef: intent.id,
          amountCents: order.totalCents,
          status: 'pending',
        }),
      );
      if (!intent.clientSecret) throw new Error(`Stripe gave no client secret for ${intent.id}`);
      return { clientSecret: intent.clientSecret, amount: centsToDollars(order.totalCents) };
    },

    /**
     * Stripe: asks Stripe how the order's payment stands and records it, so the buyer sees
     * "Paid" at once even when the webhook is still on its way.
     */
    async checkStripePayment(actor: CurrentUser, orderId: string): Promise<Order> {
      const stripe = requireProvider('stripe');
      await findOrder(actor, orderId, true);
      const { latest } = await repo.stripeIntents(orderId);
      if (latest?.status === 'pending' && latest.providerRef) {
        const intent = await stripe.retrieveIntent(latest.providerRef);
        await repo.transaction((tx) => applyIntent(tx, intent));
      }
      return toOrder(await findOrder(actor, orderId, true));
    },

    /**
     * Stripe's webhook: the signature is checked on the raw body, and the event is claimed by
     * its id in the same transaction that acts on it, so a repeated delivery changes nothing.
     */
    async handleStripeWebhook(rawBody: Buffer, signature: string | undefined) {
      if (provider?.name !== 'stripe') throw notFound('Stripe is not configured on this shop.');
      if (!signature) {
        throw new AppError('invalid_input', 'The Stripe-Signature header is missing.', 400);
      }
      let event;
      try {
        event = provider.verifyWebhook(rawBody, signature);
      } catch {
        throw new AppError(
          'invalid_input',
          'The webhook signature does not match this shop’s signing secret.',
          400,
        );
      }
      const outcome = await repo.transaction(async (tx) => {
        if (!(await repo.claimEvent(tx, event.id, event.type))) return 'duplicate';
        return event.intent && event.type.startsWith('payment_intent.')
          ? applyIntent(tx, event.intent)
          : 'ignored';
      });
      log.info({ event: event.id, type: event.type, outcome }, 'Stripe webhook');
      return { received: true as const };
    },

    /** After an unpaid order is cancelled: Stripe intents for it can no longer be paid. */
    async releaseOrder(orderId: string): Promise<void> {
      if (provider?.name !== 'stripe') return;
      const pending = await repo.transaction((tx) => repo.pendingIntents(tx, orderId));
      for (const payment of pending) {
        try {
          if (payment.providerRef && (await provider.cancelIntent(payment.providerRef))) {
            await repo.transaction((tx) => repo.update(tx, payment.id, { status: 'cancelled' }));
          }
        } catch (err) {
          // A payment that still arrives for the cancelled order is refunded when it does.
          log.warn(
            { err: summarizeError(err), orderId, payment: payment.id },
            'could not cancel a Stripe intent',
          );
        }
      }
    },

    /**
     * Admin: refunds chosen units of chosen lines of a paid order, shipped or not (all that is
     * left without `lines`), under `refundId`, chosen before the first attempt. With the order
     * locked: the lines are judged, the orders module records the refund (refunded units and
     * total within the order's, by CHECKs too; the order becomes partly or wholly refunded; the
     * units back on sale when asked, by default only while unshipped; the mail), and last the
     * provider gives the amount back, so a refusal there rolls everything back. A retry under
     * the same id finds the refund in and answers the order as it is.
     */
    async refund(
      actor: CurrentUser,
      orderId: string,
      input: RefundOrderInput | null | undefined,
      refundId: string,
    ): Promise<Order> {
      const outcome = await repo.transaction(async (tx) => {
        const order = await orders.lockOrder(tx, orderId);
        if (!order) throw noSuchOrder();
        if (await orders.refundExists(tx, refundId)) {
          return { order: toOrder(order), restocked: false };
        }
        assertRefundable(order);
        const lines = chooseRefundLines(await orders.linesOfOrder(tx, orderId), input?.lines);
        const restock = input?.restock ?? order.fulfilmentStatus === 'unfulfilled';
        const recorded = await orders.recordRefund(tx, orderId, {
          id: refundId,
          lines,
          restock,
          createdBy: actor.id,
        });
        if (!recorded) {
          throw new AppError('nothing_to_refund', 'There is nothing left to refund.', 409);
        }
        await giveBack(tx, orderId, recorded.amountCents, refundId);
        return { order: toOrder(recorded.row), restocked: restock };
      });
      if (outcome.restocked) changes?.publish('products');
      return outcome.order;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
