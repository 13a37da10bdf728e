import type { Product } from '@toolyard/shared';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddToCart } from '../api/add-to-cart';
import { ViewCartLink } from './view-cart-link';

/** The toast after an addition: what was added, and the way to the cart. */
export function addedToCart() {
  toast.success(
    <span>
      Added to cart. <ViewCartLink />
    </span>,
  );
}

/**
 * "Add to cart" for one product. `quantity` is how many to add (the product's minimum unless
 * given); a function is asked at the click and may answer null to add nothing (its form then
 * shows why). A product already in the cart has its quantity raised by that much.
 */
export function AddToCartButton({
  product,
  quantity = product.MinOrderQuantity,
  className = 'btn-outline btn-block',
  onAdded,
}: {
  product: Product;
  quantity?: number | (() => number | null | Promise<number | null>);
  className?: string;
  onAdded?: () => void;
}) {
  const add = useAddToCart({
    onSuccess: () => {
      addedToCart();
      onAdded?.();
    },
    // Too many for the stock (with what the cart holds already): the spec's message says so.
    onError: (error) =>
      toast.error(
        error instanceof ApiError && error.fields.quantity
          ? error.fields.quantity
          : errorMessage(error),
      ),
  });
  const onClick = async () => {
    const amount = typeof quantity === 'function' ? await quantity() : quantity;
    if (amount !== null) add.mutate({ itemId: product._id, quantity: amount });
  };
  return (
    <button
      type="button"
      className={`btn ${className}`}
      disabled={add.isPending}
      aria-busy={add.isPending}
      onClick={() => void onClick()}
    >
      {add.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      Add to cart<span className="sr-only">: {product.name}</span>
    </button>
  );
}
