import * as z from 'zod/mini';
import { roles } from './auth.js';

/** A row of the admin's user list (GET /api/user). */
export const userSummarySchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  joined: z.string(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** GET /api/user answers a plain array, as the spec's clients expect; the total is in X-Total-Count. */
export const userListSchema = z.array(userSummarySchema);

export const userListQuerySchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});

/** GET /api/admin/{email} */
export const adminStatusSchema = z.object({ admin: z.boolean() });

/** PUT /api/user/admin/{email} and DELETE of the same: the user's new role. */
export const roleChangeSchema = z.object({ email: z.string(), role: z.enum(roles) });

export const emailParamsSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email()),
});

/** PUT /api/user/{email}: the buyer's own contact details, used to prefill orders. */
export const profileUpdateSchema = z.strictObject({
  phone: z
    .string()
    .check(
      z.trim(),
      z.maxLength(30, 'Use at most 30 characters'),
      z.regex(/^[0-9+()\-.\s]*$/, 'Use digits, spaces and + ( ) - . only'),
    ),
  address: z.string().check(z.trim(), z.maxLength(300, 'Use at most 300 characters')),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

const profileRequestBody = z
  .strictObject({
    email: z.optional(
      z.pipe(
        z.string({ error: 'Not a valid email' }).check(z.trim(), z.toLowerCase()),
        z.email('Not a valid email'),
      ),
    ),
    phone: z.optional(profileUpdateSchema.shape.phone),
    address: z.optional(profileUpdateSchema.shape.address),
  })
  .check(
    z.superRefine(({ phone, address }, ctx) => {
      if (phone !== undefined && address === undefined) {
        ctx.addIssue({ code: 'custom', path: ['address'], message: 'Send the address too' });
      }
      if (address !== undefined && phone === undefined) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Send the phone too' });
      }
    }),
  );

/**
 * The body PUT /api/user/{email} takes. The spec's original client sends only `{ email }`
 * after every sign-in (it expected a token back): with neither phone nor address the call
 * changes nothing and answers the profile. An email, when sent, must be the one in the path;
 * phone and address come together, as the profile form sends them.
 *
 * No body at all (Fastify hands over null) is the same no-op as an empty one.
 */
export const profileRequestSchema = z.pipe(
  z.transform((body: z.input<typeof profileRequestBody> | null | undefined) => body ?? {}),
  profileRequestBody,
);
export type ProfileRequest = z.output<typeof profileRequestSchema>;

export const profileSchema = z.object({
  email: z.string(),
  name: z.string(),
  phone: z.nullable(z.string()),
  address: z.nullable(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;
