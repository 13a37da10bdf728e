import { PAGE_PATHS } from '@toolyard/shared';
import { Link } from 'wouter';
import { useCart } from '../api/get-cart';

/** "Cart, 3 items" for a screen reader; the count alone beside the word on screen. */
export const cartLinkLabel = (count: number) =>
  `Cart, ${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;

/**
 * The header's link to the cart with the number of units in it. Rendered only for a signed-in
 * person: a visitor has no cart, and never asks for one.
 */
export function CartLink({ className = '' }: { className?: string }) {
  const cart = useCart();
  // Until the cart is read (or if it cannot be), the link still leads to it, without a count.
  const count = cart.data?.count;
  return (
    <Link
      to={PAGE_PATHS.cart}
      aria-label={count === undefined ? 'Cart' : cartLinkLabel(count)}
      className={`btn btn-ghost btn-sm relative gap-1 px-2 ${className}`}
    >
      {/* On a phone the header's search needs the room: a cart drawn, not written. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className="size-5 sm:hidden"
      >
        <path d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2" />
        <circle cx="9" cy="19.5" r="1.5" />
        <circle cx="17" cy="19.5" r="1.5" />
      </svg>
      <span aria-hidden="true" className="hidden sm:inline">
        Cart
      </span>
      {count !== undefined && (
        <span
          aria-hidden="true"
          className="badge badge-xs badge-primary absolute -top-1 -right-1 sm:static sm:badge-sm"
        >
          {count.toLocaleString('en-US')}
        </span>
      )}
    </Link>
  );
}
