/**
 * Every message the shop sends, by topic, with the facts it is composed from. A message is
 * written to the outbox with these facts in the transaction of the event that causes it, and
 * composed (templates/) only when the worker delivers it, so an event costs one INSERT.
 */

/** One line of an order as its mails show it (an order has one line until carts arrive). */
export interface MailOrderLine {
  name: string;
  quantity: number;
  priceCents: number;
  totalCents: number;
}

/** An order as its mails show it: what was ordered, for how much, and where it goes. */
export interface MailOrder {
  orderId: string;
  /** Its number, shown as TY-100234 (absent from messages written before orders had numbers). */
  number?: number;
  buyerName: string;
  lines: MailOrderLine[];
  totalCents: number;
  contact: string;
  address: string;
  /** When the order was placed, ISO 8601. */
  placedAt: string;
}

export interface MailTopics {
  /** Sign-up, a resend, or a new address being confirmed: the link verifies the address. */
  'account.verify': { name: string; url: string; changingEmail: boolean };
  /** Somebody signed up with an address that has an account: no second account is made. */
  'account.exists': { name: string };
  /** Forgot password: the link sets a new one (valid for an hour). */
  'account.reset': { name: string; url: string };
  /** The password was changed or reset: every other session has ended. */
  'account.password-changed': { name: string };
  /** "Hello {name} We Have Received Your Order" with lines, total and address. */
  'order.received': MailOrder & { holdEndsAt: string | null };
  /** Payment receipt. */
  'order.paid': MailOrder & { amountCents: number; cardLast4: string | null };
  /** With the carrier and tracking number when the admin gave them (older messages have none). */
  'order.shipped': MailOrder & { carrier?: string | null; trackingNumber?: string | null };
  /** Cancelled by the buyer or an admin (a hold running out is order.expired). */
  'order.cancelled': MailOrder & { by: 'buyer' | 'admin' };
  /**
   * One refund, with what it gave back. Messages from before partial refunds have only
   * `amountCents` (the whole order, its stock returned).
   */
  'order.refunded': MailOrder & {
    amountCents: number;
    refundedTotalCents?: number;
    restocked?: boolean;
    refundedLines?: { name: string; quantity: number; totalCents: number }[] | null;
  };
  /** Sent some time before an unpaid order's hold runs out; skipped if it was paid since. */
  'order.expiring': MailOrder & { holdEndsAt: string };
  'order.expired': MailOrder;
  /** To each admin: a message from the contact form. */
  'contact.received': { fromEmail: string; subject: string; message: string; sentAt: string };
}

export type MailTopic = keyof MailTopics;

export const mailTopics = [
  'account.verify',
  'account.exists',
  'account.reset',
  'account.password-changed',
  'order.received',
  'order.paid',
  'order.shipped',
  'order.cancelled',
  'order.refunded',
  'order.expiring',
  'order.expired',
  'contact.received',
] as const satisfies readonly MailTopic[];

/** A message as the outbox holds it, before it is composed. */
export type MailEvent = {
  [T in MailTopic]: { topic: T; to: string; data: MailTopics[T] };
}[MailTopic];

/** What every template knows about the shop: its name and where its pages are. */
export interface ShopFacts {
  name: string;
  /** PUBLIC_ORIGIN, e.g. https://shop.example.com: links in mails are absolute. */
  origin: string;
}

/** A composed message: both parts carry every fact a reader needs. */
export interface ComposedMail {
  subject: string;
  html: string;
  text: string;
}
