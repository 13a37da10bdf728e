import type { Category } from '@toolyard/shared';

/** The categories directly below `parentId` (null: the top level), in the list's order. */
export const childrenOf = <C extends Pick<Category, 'parentId'>>(
  categories: readonly C[],
  parentId: string | null,
): C[] => categories.filter((c) => c.parentId === parentId);

/** The category with this slug, in any letter case (the router matches paths that way). */
export const categoryBySlug = <C extends Pick<Category, 'slug'>>(
  categories: readonly C[],
  slug: string,
): C | undefined => categories.find((c) => c.slug === slug.toLowerCase());
