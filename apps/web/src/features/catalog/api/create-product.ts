import { productSchema, type Product, type productInputSchema } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import { productsQueryKey } from '@/lib/query-keys';

export type ProductValues = z.output<typeof productInputSchema>;

export const createProduct = (product: ProductValues) =>
  apiFetch('/tool', { schema: productSchema, method: 'POST', body: product });

/** Adds a product (admins); every product list is read again. */
export function useCreateProduct({
  onSuccess,
  ...config
}: MutationConfig<Product, ProductValues> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: createProduct,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: productsQueryKey });
      return onSuccess?.(...args);
    },
  });
}
