import { productSchema, type Product } from '@toolyard/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/mutation-config';
import type { ProductValues } from './create-product';
import { productsQueryKey } from '@/lib/query-keys';

export interface ProductUpdate {
  id: string;
  product: ProductValues;
}

export const updateProduct = ({ id, product }: ProductUpdate) =>
  apiFetch(`/tool/${encodeURIComponent(id)}`, {
    schema: productSchema,
    method: 'PUT',
    body: product,
  });

/** Changes a product (admins); every product list is read again. */
export function useUpdateProduct({
  onSuccess,
  ...config
}: MutationConfig<Product, ProductUpdate> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: updateProduct,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: productsQueryKey });
      return onSuccess?.(...args);
    },
  });
}
