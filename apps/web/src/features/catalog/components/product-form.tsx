import { zodResolver } from '@hookform/resolvers/zod';
import {
  IMAGE_MAX_BYTES,
  NAME_MAX_LENGTH,
  productInputSchema,
  skuSchema,
  type Product,
} from '@toolyard/shared';
import { useForm, useWatch } from 'react-hook-form';
import * as z from 'zod/mini';
import { toast } from '@/lib/toast';
import { FormError } from '@/components/ui/form-error';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useCreateProduct, type ProductValues } from '../api/create-product';
import { useCategories } from '../api/get-categories';
import { useUpdateProduct } from '../api/update-product';
import { useUploadImage } from '../api/upload-image';
import { CategoryOptions, categoryTree } from './category-options';

/**
 * The product input as the form holds it: an empty SKU is left out (a new product is then
 * numbered TY-00042, an edited one keeps its SKU) and "No category" is an empty choice.
 */
const productFormSchema = z.extend(productInputSchema, {
  sku: z.pipe(
    z.transform((sku: string) => sku.trim() || undefined),
    z.optional(skuSchema),
  ),
  categoryId: z.pipe(
    z.transform((id: string) => id || null),
    z.nullable(z.uuid('Category must be a category id')),
  ),
});
type ProductFormInput = z.input<typeof productFormSchema>;

const fieldNames = [
  'name',
  'description',
  'price',
  'img',
  'AvailableQuantity',
  'MinOrderQuantity',
  'sku',
  'categoryId',
] as const;

const emptyProduct: Partial<ProductFormInput> = {
  name: '',
  description: '',
  img: '',
  MinOrderQuantity: 1,
  sku: '',
  categoryId: '',
};

/** The server's answer under the form, unless it is a field's message already shown there. */
function formMessage(error: Error | null): string | null {
  if (!error) return null;
  const message = errorMessage(error);
  const onField =
    error instanceof ApiError && fieldNames.some((field) => error.fields[field] === message);
  return onField ? null : message;
}

const editedProduct = (product: Product): ProductFormInput => ({
  name: product.name,
  description: product.description,
  price: product.price,
  img: product.img,
  AvailableQuantity: product.AvailableQuantity,
  MinOrderQuantity: product.MinOrderQuantity,
  sku: product.sku,
  categoryId: product.categoryId ?? '',
});

/**
 * The Add Items form: name, description, price, image, the two quantities, SKU and category.
 * Without a `product` it adds one and clears itself; with one it edits that product. Either
 * way `onDone` gets the product as saved.
 */
export function ProductForm({
  product,
  onDone,
}: {
  product?: Product;
  onDone?: (saved: Product) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<ProductFormInput, unknown, ProductValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? editedProduct(product) : emptyProduct,
  });
  const categories = useCategories();
  // The select is controlled, so an edited product's category shows once the options load.
  const categoryId = useWatch({ control, name: 'categoryId' });

  const onError = (error: Error) => {
    // The server's per-field messages go next to their fields.
    if (!(error instanceof ApiError)) return;
    for (const field of fieldNames) {
      const message = error.fields[field];
      if (message) setError(field, { message });
    }
  };
  const create = useCreateProduct({
    onSuccess: (saved) => {
      toast.success('Product added');
      reset();
      onDone?.(saved);
    },
    onError,
  });
  const update = useUpdateProduct({
    onSuccess: (saved) => {
      toast.success('Product updated');
      onDone?.(saved);
    },
    onError,
  });
  const mutation = product ? update : create;
  const upload = useUploadImage();
  const img = useWatch({ control, name: 'img' });

  const onFileChosen = (file: File | undefined) => {
    if (!file) return;
    if (file.size > IMAGE_MAX_BYTES) {
      setError('img', { message: 'The image must be at most 2 MB.' });
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ url }) => {
        setValue('img', url, { shouldValidate: true, shouldDirty: true });
        toast.success('Image uploaded');
      },
      onError: (error) => setError('img', { message: errorMessage(error) }),
    });
  };

  const onSubmit = handleSubmit((values) => {
    if (product) update.mutate({ id: product._id, product: values });
    else create.mutate(values);
  });

  const number = { valueAsNumber: true } as const;

  return (
    <form noValidate onSubmit={onSubmit}>
      <TextField
        label="Name"
        autoComplete="off"
        hint={`At most ${NAME_MAX_LENGTH} characters.`}
        error={errors.name?.message}
        {...register('name')}
      />
      <TextAreaField
        label="Description"
        rows={3}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="Price (USD)"
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          error={errors.price?.message}
          {...register('price', number)}
        />
        <TextField
          label="Image URL"
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder="https://…"
          hint="An http(s) address, or /images/tools/… for our own pictures."
          error={errors.img?.message}
          {...register('img')}
        />
        <div className="mb-4 flex items-end gap-3 sm:col-span-2">
          <label className="flex-1">
            <span className="mb-1 block text-sm font-medium">Or upload an image</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="file-input w-full"
              disabled={upload.isPending}
              aria-describedby="upload-hint"
              onChange={(e) => onFileChosen(e.target.files?.[0])}
            />
            <span id="upload-hint" className="mt-1 block text-xs text-base-content/70">
              {upload.isPending ? 'Uploading…' : 'PNG, JPEG, GIF or WebP, at most 2 MB.'}
            </span>
          </label>
          {img && !errors.img && (
            <img
              src={img}
              alt="Preview"
              width={64}
              height={48}
              className="h-12 w-16 rounded border border-base-300 object-cover"
            />
          )}
        </div>
        <TextField
          label="Available quantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          error={errors.AvailableQuantity?.message}
          {...register('AvailableQuantity', number)}
        />
        <TextField
          label="Minimum order quantity"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.MinOrderQuantity?.message}
          {...register('MinOrderQuantity', number)}
        />
      </div>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label="SKU"
          autoComplete="off"
          spellCheck={false}
          hint={
            product
              ? 'Unique: letters, digits, dots, dashes and underscores.'
              : 'Leave empty to number it automatically (TY-00042).'
          }
          error={errors.sku?.message}
          {...register('sku')}
        />
        <SelectField
          label="Category"
          hint={categories.isError ? 'The categories could not be loaded.' : undefined}
          error={errors.categoryId?.message}
          {...register('categoryId')}
          value={categoryId ?? ''}
        >
          <option value="">No category</option>
          <CategoryOptions nodes={categoryTree(categories.data ?? [])} />
        </SelectField>
      </div>
      <FormError message={formMessage(mutation.error)} />
      <SubmitButton busy={mutation.isPending} busyLabel={product ? 'Saving…' : 'Adding…'}>
        {product ? 'Save changes' : 'Add Item'}
      </SubmitButton>
    </form>
  );
}
