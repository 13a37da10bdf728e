import { categorySchema, type Category, type CategoryInput } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { productsQueryKey } from '@/lib/query-keys';

export interface CategoryUpdate {
  id: string;
  category: CategoryInput;
}

export const updateCategory = ({ id, category }: CategoryUpdate) =>
  apiFetch(`/categories/${encodeURIComponent(id)}`, {
    schema: categorySchema,
    method: 'PUT',
    body: category,
  });

/** Renames, re-addresses or moves a category (admins); the catalog is read again. */
export function useUpdateCategory({
  onSuccess,
  ...config
}: MutationConfig<Category, CategoryUpdate> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateCategory,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: productsQueryKey });
      return onSuccess?.(...args);
    },
  });
}
