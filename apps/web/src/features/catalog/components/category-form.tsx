import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORY_MAX_DEPTH,
  CATEGORY_NAME_MAX_LENGTH,
  categoryAndDescendants,
  categoryInputSchema,
  categoryPath,
  slugify,
  type Category,
  type CategoryInput,
} from '@toolyard/shared';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { FormError } from '@/components/ui/form-error';
import { SelectField, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import { CategoryOptions, categoryTree } from './category-options';

/** The category input as the form holds it: an empty address is made from the name. */
const categoryFormSchema = z.extend(categoryInputSchema, {
  slug: z.pipe(
    z.transform((slug: string) => slug.trim() || undefined),
    categoryInputSchema.shape.slug,
  ),
  parentId: z.pipe(
    z.transform((id: string) => id || null),
    z.nullable(z.uuid('Parent must be a category id')),
  ),
});
type CategoryFormInput = z.input<typeof categoryFormSchema>;

const fieldNames = ['name', 'slug', 'parentId'] as const;

/**
 * The categories `category` may be filed under: not itself nor one below it (that would make
 * a loop), and none so deep that its own sub-categories would pass CATEGORY_MAX_DEPTH.
 */
export function parentChoices(categories: readonly Category[], category?: Category) {
  const own = category ? categoryAndDescendants(categories, category._id) : [];
  const level = (id: string) => categoryPath(categories, id).length;
  const below = category ? Math.max(...own.map((id) => level(id) - level(category._id))) : 0;
  return categoryTree(categories).filter(
    (node) => !own.includes(node.category._id) && node.depth + 2 + below <= CATEGORY_MAX_DEPTH,
  );
}

/**
 * Adds a category (without `category`; the form then clears itself) or renames, re-addresses
 * or moves one; `onDone` gets the category as saved.
 */
export function CategoryForm({
  category,
  categories,
  onDone,
}: {
  category?: Category;
  categories: readonly Category[];
  onDone?: (saved: Category) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<CategoryFormInput, unknown, CategoryInput>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: {
      name: category?.name ?? '',
      slug: category?.slug ?? '',
      parentId: category?.parentId ?? '',
    },
  });
  const [name, slug] = useWatch({ control, name: ['name', 'slug'] });

  const onError = (error: Error) => {
    if (!(error instanceof ApiError)) return;
    for (const field of fieldNames) {
      const message = error.fields[field];
      if (message) setError(field, { message });
    }
  };
  const create = useCreateCategory({
    onSuccess: (saved) => {
      toast.success(`Added ${saved.name}`);
      reset();
      onDone?.(saved);
    },
    onError,
  });
  const update = useUpdateCategory({
    onSuccess: (saved) => {
      toast.success(`Saved ${saved.name}`);
      onDone?.(saved);
    },
    onError,
  });
  const mutation = category ? update : create;

  const onSubmit = handleSubmit((values) => {
    if (category) update.mutate({ id: category._id, category: values });
    else create.mutate(values);
  });

  // Left empty, a new category's address is made from its name; an existing one keeps its own.
  const address = slug?.trim() || (category ? category.slug : slugify(name ?? ''));
  const emptyHint = category
    ? 'Leave empty to keep its address: '
    : 'Leave empty to make it from the name: ';

  return (
    <form noValidate onSubmit={onSubmit}>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Name"
          autoComplete="off"
          hint={`At most ${CATEGORY_NAME_MAX_LENGTH} characters.`}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Address (slug)"
          autoComplete="off"
          spellCheck={false}
          hint={
            <>
              {slug?.trim() ? 'Its page: ' : emptyHint}
              <span className="font-mono">/category/{address || '…'}</span>
            </>
          }
          error={errors.slug?.message}
          {...register('slug')}
        />
      </div>
      <SelectField
        label="Parent category"
        error={errors.parentId?.message}
        {...register('parentId')}
      >
        <option value="">None (top level)</option>
        <CategoryOptions nodes={parentChoices(categories, category)} />
      </SelectField>
      <FormError message={mutation.isError ? errorMessage(mutation.error) : null} />
      <SubmitButton busy={mutation.isPending} busyLabel={category ? 'Saving…' : 'Adding…'}>
        {category ? 'Save category' : 'Add category'}
      </SubmitButton>
    </form>
  );
}
