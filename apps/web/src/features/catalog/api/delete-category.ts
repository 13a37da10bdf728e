import type { Category } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { productsQueryKey } from '@/lib/query-keys';

export const deleteCategory = (id: string) =>
  apiFetch(`/categories/${encodeURIComponent(id)}`, { schema: z.unknown(), method: 'DELETE' });

/**
 * Deletes an empty category (admins). The server refuses (409) one that still has products
 * or sub-categories; either way the tree is read again, so a stale count is corrected.
 */
export function useDeleteCategory({
  onSettled,
  ...config
}: MutationConfig<unknown, Category> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (category: Category) => deleteCategory(category._id),
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: productsQueryKey });
      return onSettled?.(...args);
    },
  });
}
