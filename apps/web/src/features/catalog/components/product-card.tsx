import { formatDollars, type Product } from '@toolyard/shared';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { productHref } from '../utils/catalog-links';
import { StockBadge } from './stock-badge';

/**
 * A product with its name (a link to its page, stretched over the card), SKU, description,
 * stock status and numbers, minimum order and price. `children` are the card's actions: callers
 * pass none for a product that is out of stock.
 */
export function ProductCard({
  product,
  children,
  eager = false,
  priority = false,
}: {
  product: Product;
  children?: ReactNode;
  /** Above the fold: load the image now rather than when it scrolls into view. */
  eager?: boolean;
  /** The page's largest image (its LCP): fetch it before other images. */
  priority?: boolean;
}) {
  return (
    <article className="card relative h-full border border-base-300 bg-base-100 shadow-sm">
      <figure className="aspect-[4/3] bg-base-200">
        <img
          src={product.img}
          alt={product.name}
          width={400}
          height={300}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-2">
        <h3 className="card-title text-lg">
          {/* The whole card opens the product; the actions below sit above this link. */}
          <Link
            to={productHref(product._id)}
            className="link-hover before:absolute before:inset-0 before:content-['']"
          >
            {product.name}
          </Link>
        </h3>
        <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-base-content/70">SKU {product.sku}</span>
          <StockBadge product={product} />
        </p>
        <p className="text-sm text-base-content/80">{product.description}</p>
        <dl className="grid grid-cols-2 gap-x-2 text-sm">
          <dt className="text-base-content/70">Available</dt>
          <dd className="text-right font-medium">
            {product.AvailableQuantity.toLocaleString('en-US')}
          </dd>
          <dt className="text-base-content/70">Minimum order</dt>
          <dd className="text-right font-medium">
            {product.MinOrderQuantity.toLocaleString('en-US')}
          </dd>
        </dl>
        <p className="text-xl font-bold text-primary">
          {formatDollars(product.price)}
          <span className="text-sm font-normal text-base-content/70"> / unit</span>
        </p>
        {children && <div className="card-actions relative mt-auto">{children}</div>}
      </div>
    </article>
  );
}
