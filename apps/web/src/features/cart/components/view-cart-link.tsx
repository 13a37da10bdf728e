import { PAGE_PATHS } from '@toolyard/shared';
import type { MouseEvent } from 'react';
import { navigateTo } from '@/lib/location';

/**
 * A link to the cart for a toast. Toasts render outside the app's router, so this navigates
 * through the app's own history (each entry keyed) rather than wouter's Link.
 */
export function ViewCartLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    navigateTo(PAGE_PATHS.cart);
  };
  return (
    <a href={PAGE_PATHS.cart} className="link font-semibold" onClick={onClick}>
      View cart
    </a>
  );
}
