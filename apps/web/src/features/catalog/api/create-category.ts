import { categorySchema, type Category, type CategoryInput } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { productsQueryKey } from '@/lib/query-keys';

export const createCategory = (category: CategoryInput) =>
  apiFetch('/categories', { schema: categorySchema, method: 'POST', body: category });

/**
 * Adds a category (admins). Categories live under the products' key, and a product list
 * filtered by category may change with them, so all of it is read again.
 */
export function useCreateCategory({
  onSuccess,
  ...config
}: MutationConfig<Category, CategoryInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createCategory,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: productsQueryKey });
      return onSuccess?.(...args);
    },
  });
}
