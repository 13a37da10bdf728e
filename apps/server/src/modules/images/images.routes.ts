import multipart from '@fastify/multipart';
import { idParamsSchema, IMAGE_MAX_BYTES } from '@toolyard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { SessionGuards } from '../auth/session.js';
import { createImagesRepository } from './images.repository.js';

/** Raster formats only, recognised by their first bytes: an SVG or HTML file is never served. */
function sniffImageType(bytes: Buffer): string | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'image/webp';
  }
  return undefined;
}

/** Product image uploads (admins) and their public, immutable URLs. */
export const imagesRoutes: FastifyPluginAsyncZod<{ db: Db; guards: SessionGuards }> = async (
  app,
  { db, guards },
) => {
  const repo = createImagesRepository(db);
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0 } });

  app.post(
    '/images',
    {
      onRequest: guards.adminOnly,
      // An admin's upload may take UPLOAD_TIMEOUT_MS over a slow line (plugins/slow-clients.ts).
      config: { upload: true },
      schema: { response: { 201: z.object({ url: z.string() }) } },
    },
    async (request, reply) => {
      const actor = await guards.requireAdmin(request);
      const file = await request.file().catch(() => undefined);
      if (!file)
        throw new AppError('invalid_input', 'Choose an image file to upload.', 400, {
          file: 'Choose an image file',
        });
      const bytes = await file.toBuffer().catch(() => {
        throw new AppError('payload_too_large', 'The image must be at most 2 MB.', 413, {
          file: 'At most 2 MB',
        });
      });
      const contentType = sniffImageType(bytes);
      if (!contentType) {
        throw new AppError('invalid_input', 'Upload a PNG, JPEG, GIF or WebP image.', 400, {
          file: 'Upload a PNG, JPEG, GIF or WebP image',
        });
      }
      const id = await repo.insert({ contentType, bytes, uploadedBy: actor.id });
      return reply.code(201).send({ url: `/api/images/${id}` });
    },
  );

  app.get('/images/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
    const row = await repo.findById(request.params.id);
    if (!row) throw notFound('No such image.');
    return reply
      .type(row.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(row.bytes);
  });
};
