import { PAGE_PATHS, PURCHASE_QUANTITY_MESSAGE, type CartLine } from '@toolyard/shared';

/**
 * What is wrong with a quantity typed for a cart line, or null when it may be sent: like an
 * order, it must lie between the product's minimum and its stock (the spec's message).
 */
export function quantityProblem(
  text: string,
  { MinOrderQuantity, AvailableQuantity }: Pick<CartLine, 'MinOrderQuantity' | 'AvailableQuantity'>,
): string | null {
  const quantity = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(quantity)) return 'Quantity must be a number';
  if (!Number.isInteger(quantity)) return 'Quantity must be a whole number';
  if (quantity < MinOrderQuantity || quantity > AvailableQuantity) return PURCHASE_QUANTITY_MESSAGE;
  return null;
}

/** A product's own page: `/tool/{id}` (the catalog's path, which this feature may not import). */
export const productPath = (id: string) =>
  PAGE_PATHS.product.replace(':id', encodeURIComponent(id));
