import { z } from 'zod';

export const CONTACT_SUBJECT_MAX_LENGTH = 120;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;
const EMAIL_MAX_LENGTH = 254;

/** POST /api/contact: the home page's contact form, sent by anyone. */
export const contactInputSchema = z.strictObject({
  email: z
    .string({ error: 'Email Is Required' })
    .trim()
    .min(1, 'Email Is Required')
    .max(EMAIL_MAX_LENGTH, 'Provide a valid Email')
    .pipe(z.email('Provide a valid Email')),
  subject: z
    .string({ error: 'Subject Is Required' })
    .trim()
    .min(1, 'Subject Is Required')
    .max(
      CONTACT_SUBJECT_MAX_LENGTH,
      `Subject must be at most ${CONTACT_SUBJECT_MAX_LENGTH} characters`,
    ),
  message: z
    .string({ error: 'Message Is Required' })
    .trim()
    .min(1, 'Message Is Required')
    .max(
      CONTACT_MESSAGE_MAX_LENGTH,
      `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
    ),
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
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
