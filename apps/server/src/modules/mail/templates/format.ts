import { centsToDollars, formatDollars, formatOrderNumber, PAGE_PATHS } from '@toolyard/shared';
import type { ShopFacts } from '../topics.js';

/** "$1,234.50" from integer cents. */
export function formatCents(cents: number): string {
  return formatDollars(centsToDollars(cents));
}

const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "26 November 2026, 14:05 UTC": a mail cannot know its reader's time zone, so it says UTC. */
export function formatUtc(iso: string): string {
  const at = new Date(iso);
  return `${day.format(at)}, ${clock.format(at)} UTC`;
}

/**
 * How mails name an order: its number, TY-100234 (ADR 021); a message written before orders
 * had numbers names it by the first 8 characters of its id.
 */
export function orderRef(order: { orderId: string; number?: number }): string {
  return order.number === undefined ? order.orderId.slice(0, 8) : formatOrderNumber(order.number);
}

/** An absolute link to a page of the web app: a mail is read away from the shop. */
export function pageUrl(shop: ShopFacts, path: string): string {
  return new URL(path, shop.origin).href;
}

/** The order's own page: every order mail links there. */
export function orderUrl(shop: ShopFacts, orderId: string): string {
  return pageUrl(shop, PAGE_PATHS.order.replace(':id', encodeURIComponent(orderId)));
}

/** The page where the buyer pays for this order. */
export function paymentUrl(shop: ShopFacts, orderId: string): string {
  return pageUrl(shop, PAGE_PATHS.payment.replace(':id', encodeURIComponent(orderId)));
}

/**
 * A header value on one line: user text in a subject must not start a header of its own
 * (CR/LF injection), and no other control character belongs there either.
 */
export function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** "1 hour", "24 hours". */
export function formatHours(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/**
 * How long the mailed links stay valid, as the mails promise. The auth configuration must give
 * Better Auth the same lifetimes.
 */
export const LINK_LIFETIME_HOURS = { verify: 24, reset: 1 } as const;
