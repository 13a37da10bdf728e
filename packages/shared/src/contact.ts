import * as z from 'zod/mini';
import { requiredText } from './text.js';

export const CONTACT_SUBJECT_MAX_LENGTH = 120;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;
const EMAIL_MAX_LENGTH = 254;

/** POST /api/contact: the home page's contact form, sent by anyone. */
export const contactInputSchema = z.strictObject({
  email: z.pipe(
    z
      .string({ error: 'Email Is Required' })
      .check(
        z.trim(),
        z.minLength(1, 'Email Is Required'),
        z.maxLength(EMAIL_MAX_LENGTH, 'Provide a valid Email'),
      ),
    z.email('Provide a valid Email'),
  ),
  subject: requiredText('Subject', CONTACT_SUBJECT_MAX_LENGTH),
  message: requiredText('Message', CONTACT_MESSAGE_MAX_LENGTH),
});
export type ContactInput = z.input<typeof contactInputSchema>;

/** A stored contact message, as POST /api/contact answers it and admins read it. */
export const contactMessageSchema = z.object({
  _id: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** GET /api/contact answers a plain array, newest first; the total is in X-Total-Count. */
export const contactMessageListSchema = z.array(contactMessageSchema);

export const contactListQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});
