/** The catalog's category tree: its schemas and how to walk it. */
import * as z from 'zod/mini';
import { CATEGORY_SLUG_MAX_LENGTH } from './constants.js';
import { requiredText } from './text.js';

/** A category of the catalog's tree; `products` counts the live products filed directly in it. */
export const categorySchema = z.object({
  _id: z.string(),
  slug: z.string(),
  name: z.string(),
  parentId: z.nullable(z.string()),
  products: z.number(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

export const CATEGORY_NAME_MAX_LENGTH = 40;
/** A category tree is at most this deep (Power tools > Drills > Hammer drills). */
export const CATEGORY_MAX_DEPTH = 3;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Lower-case words joined by dashes: "Power tools" → "power-tools". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATEGORY_SLUG_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** POST /api/categories and PUT /api/categories/{id}: name, optional slug (from the name) and parent. */
export const categoryInputSchema = z.strictObject({
  name: requiredText('Name', CATEGORY_NAME_MAX_LENGTH),
  slug: z.optional(
    z
      .string({ error: 'Slug must be text' })
      .check(
        z.trim(),
        z.maxLength(
          CATEGORY_SLUG_MAX_LENGTH,
          `Slug must be at most ${CATEGORY_SLUG_MAX_LENGTH} characters`,
        ),
        z.regex(
          /^$|^[a-z0-9]+(?:-[a-z0-9]+)*$/,
          'Slug may hold lower-case letters, digits and single dashes',
        ),
      ),
  ),
  parentId: z._default(z.nullable(z.uuid('Parent must be a category id')), null),
});
export type CategoryInput = z.input<typeof categoryInputSchema>;

export const categorySlugParamsSchema = z.object({
  slug: z
    .string()
    .check(z.maxLength(CATEGORY_SLUG_MAX_LENGTH), z.regex(SLUG_PATTERN, 'Not a category')),
});

/** Every category from the root down to `id` (empty when there is none). */
export function categoryPath<C extends Pick<Category, '_id' | 'parentId'>>(
  categories: readonly C[],
  id: string | null,
): C[] {
  const byId = new Map(categories.map((c) => [c._id, c]));
  const path: C[] = [];
  for (let c = id ? byId.get(id) : undefined; c && path.length <= categories.length;) {
    path.unshift(c);
    c = c.parentId ? byId.get(c.parentId) : undefined;
  }
  return path;
}

/** `id` and every category below it. */
export function categoryAndDescendants(
  categories: readonly Pick<Category, '_id' | 'parentId'>[],
  id: string,
): string[] {
  const ids = [id];
  for (let i = 0; i < ids.length; i++) {
    for (const c of categories) if (c.parentId === ids[i] && !ids.includes(c._id)) ids.push(c._id);
  }
  return ids;
}
