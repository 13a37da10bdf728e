import { toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AccountExistsMail } from './templates/account-exists.js';
import { AccountPasswordChangedMail } from './templates/account-password-changed.js';
import { AccountResetMail } from './templates/account-reset.js';
import { AccountVerifyMail } from './templates/account-verify.js';
import { ContactReceivedMail } from './templates/contact-received.js';
import { oneLine, orderRef } from './templates/format.js';
import { OrderCancelledMail } from './templates/order-cancelled.js';
import { OrderExpiredMail } from './templates/order-expired.js';
import { OrderExpiringMail } from './templates/order-expiring.js';
import { OrderPaidMail } from './templates/order-paid.js';
import { OrderReceivedMail } from './templates/order-received.js';
import { isPartRefund, OrderRefundedMail } from './templates/order-refunded.js';
import { OrderShippedMail } from './templates/order-shipped.js';
import type { ComposedMail, MailEvent, ShopFacts } from './topics.js';

/** Composes a message from its outbox facts: the subject, and the same content as HTML and text. */
export async function composeMail(event: MailEvent, shop: ShopFacts): Promise<ComposedMail> {
  const { subject, body } = draft(event, shop);
  const html = XHTML_DOCTYPE + renderToStaticMarkup(body);
  return { subject: oneLine(subject), html, text: toPlainText(html, plainTextOptions) };
}

/**
 * The templates render in one synchronous pass, as React Email's render() would give them but
 * for its Suspense comments. render() streams through React's Node renderer, which runs an
 * AsyncLocalStorage that then stays enabled: every promise in the process, each request's
 * included, paid a hook from the first mail on (issue 26, item 13; see auth-context.ts).
 */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** html-to-text shouts headings in capitals by default; the text part keeps their wording. */
const plainTextOptions = {
  selectors: ['h1', 'h2', 'h3'].map((selector) => ({
    selector,
    options: { uppercase: false },
  })),
};

function draft(event: MailEvent, shop: ShopFacts): { subject: string; body: ReactElement } {
  switch (event.topic) {
    case 'account.verify':
      return {
        subject: event.data.changingEmail
          ? `${shop.name}: confirm your new email address`
          : `${shop.name}: confirm your email address`,
        body: <AccountVerifyMail data={event.data} shop={shop} />,
      };
    case 'account.exists':
      return {
        subject: `${shop.name}: you already have an account`,
        body: <AccountExistsMail data={event.data} shop={shop} />,
      };
    case 'account.reset':
      return {
        subject: `${shop.name}: reset your password`,
        body: <AccountResetMail data={event.data} shop={shop} />,
      };
    case 'account.password-changed':
      return {
        subject: `${shop.name}: your password was changed`,
        body: <AccountPasswordChangedMail data={event.data} shop={shop} />,
      };
    case 'order.received':
      return {
        subject: `We have received your order ${orderRef(event.data)}`,
        body: <OrderReceivedMail data={event.data} shop={shop} />,
      };
    case 'order.paid':
      return {
        subject: `Receipt for your order ${orderRef(event.data)}`,
        body: <OrderPaidMail data={event.data} shop={shop} />,
      };
    case 'order.shipped':
      return {
        subject: `Your order ${orderRef(event.data)} has shipped`,
        body: <OrderShippedMail data={event.data} shop={shop} />,
      };
    case 'order.cancelled':
      return {
        subject: `Your order ${orderRef(event.data)} was cancelled`,
        body: <OrderCancelledMail data={event.data} shop={shop} />,
      };
    case 'order.refunded':
      return {
        subject: `Your order ${orderRef(event.data)} was ${isPartRefund(event.data) ? 'partly ' : ''}refunded`,
        body: <OrderRefundedMail data={event.data} shop={shop} />,
      };
    case 'order.expiring':
      return {
        subject: `Your order ${orderRef(event.data)} will be cancelled unless it is paid`,
        body: <OrderExpiringMail data={event.data} shop={shop} />,
      };
    case 'order.expired':
      return {
        subject: `Your unpaid order ${orderRef(event.data)} was cancelled`,
        body: <OrderExpiredMail data={event.data} shop={shop} />,
      };
    case 'contact.received':
      return {
        subject: `New message from the contact form: ${event.data.subject}`,
        body: <ContactReceivedMail data={event.data} shop={shop} />,
      };
    default:
      return unknownTopic(event);
  }
}

/** Fails to compile when a topic has no case above; at run time, an outbox row from elsewhere. */
function unknownTopic(event: never): never {
  throw new Error(`No mail template for the topic ${(event as MailEvent).topic}`);
}
