import { stockStatus, type Product } from '@toolyard/shared';

const tones = { in: 'badge-success', low: 'badge-warning', out: 'badge-error' } as const;

/** "In stock", "Only 7 left" or "Out of stock", as a badge. */
export function StockBadge({
  product,
  className = '',
}: {
  product: Pick<Product, 'AvailableQuantity' | 'MinOrderQuantity'>;
  className?: string;
}) {
  const { inStock, label } = stockStatus(product);
  const tone = !inStock ? 'out' : label === 'In stock' ? 'in' : 'low';
  return <span className={`badge ${tones[tone]} ${className}`}>{label}</span>;
}
