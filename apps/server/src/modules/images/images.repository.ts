import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { images } from '../../db/schema.js';

/** The only code that reads and writes uploaded images. */
export function createImagesRepository(db: Db) {
  return {
    /** Stores an upload; returns its id. */
    async insert(image: { contentType: string; bytes: Buffer; uploadedBy: string }) {
      const [row] = await db.insert(images).values(image).returning({ id: images.id });
      if (!row) throw new Error('insert returned no image');
      return row.id;
    },

    async findById(id: string) {
      const [row] = await db
        .select({ contentType: images.contentType, bytes: images.bytes })
        .from(images)
        .where(eq(images.id, id));
      return row;
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
