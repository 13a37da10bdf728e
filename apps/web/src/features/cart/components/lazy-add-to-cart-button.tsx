import { Suspense, type ComponentProps } from 'react';
import { lazyNamed } from '@/lib/lazy-named';
import type { AddToCartButton as Button } from './add-to-cart-button';

// Public pages (home, search, a category) are first visits too: the cart's code comes only
// with a signed-in buyer's first card, never in a visitor's download.
const AddToCartButton = lazyNamed(() => import('./add-to-cart-button'), 'AddToCartButton');

/** AddToCartButton, its code downloaded on first render; a still button holds its place. */
export function LazyAddToCartButton(props: ComponentProps<typeof Button>) {
  return (
    <Suspense
      fallback={
        <button
          type="button"
          className={`btn ${props.className ?? 'btn-outline btn-block'}`}
          disabled
        >
          Add to cart<span className="sr-only">: {props.product.name}</span>
        </button>
      }
    >
      <AddToCartButton {...props} />
    </Suspense>
  );
}
