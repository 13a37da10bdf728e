import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiFetch } from '@/lib/api-client';

const uploadedSchema = z.object({ url: z.string() });

/** Uploads a product picture (admins); answers the URL to put in the product's img. */
export function uploadImage(file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiFetch('/images', { schema: uploadedSchema, method: 'POST', body });
}

export const useUploadImage = () => useMutation({ mutationFn: uploadImage });
