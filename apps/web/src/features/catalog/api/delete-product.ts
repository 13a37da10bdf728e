import type { Product } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { productsQueryKey } from '@/lib/query-keys';

export const deleteProduct = (id: string) =>
  apiFetch(`/tool/${encodeURIComponent(id)}`, { schema: z.unknown(), method: 'DELETE' });

/**
 * Takes a product out of the catalog (admins). The server archives a product that has
 * orders, so they keep their item; either way it leaves every list.
 */
export function useDeleteProduct({ onSettled, ...config }: MutationConfig<unknown, Product> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: (product: Product) => deleteProduct(product._id),
    onSettled: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: productsQueryKey });
      return onSettled?.(...args);
    },
  });
}
