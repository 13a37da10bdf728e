import * as z from 'zod/mini';

// What every page needs from the account (the session and the sign-in options); what the account
// forms and auth endpoints need is in auth-forms.ts, so a first visit does not download it.

/** New passwords: at least this long (hashed with argon2id on the server). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * New passwords must score at least this on zxcvbn's scale (0 guessed at once, 4 very hard),
 * judged on the server with the shop's name and the person's own name and email as guesses.
 */
export const PASSWORD_MIN_SCORE = 3;
/** Strength is judged on this many first characters: beyond, the estimate costs more, not less. */
export const PASSWORD_ESTIMATE_LENGTH = 100;
/** The spec's login form asks for at least 6 characters before it sends anything. */
export const LOGIN_PASSWORD_MIN_LENGTH = 6;

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

/** The signed-in user as the session endpoint returns it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.catch(z.enum(roles), 'user'),
  /** Whether the owner of the address has confirmed it by the link mailed to it. */
  emailVerified: z.catch(z.boolean(), false),
  image: z.nullish(z.string()),
  phone: z.nullish(z.string()),
  address: z.nullish(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/get-session: null when signed out. */
export const sessionSchema = z.nullable(
  z.object({
    user: sessionUserSchema,
    session: z.object({ id: z.string(), expiresAt: z.coerce.date() }),
  }),
);
export type Session = z.infer<typeof sessionSchema>;

/**
 * GET /api/auth-options: which sign-in methods this server offers, whether buyers must confirm
 * their email before they order (EMAIL_VERIFICATION), and whether admins can read the outbox.
 */
export const authOptionsSchema = z.object({
  google: z.boolean(),
  emailVerification: z.catch(z.enum(['optional', 'required']), 'optional'),
  outbox: z.catch(z.boolean(), false),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;
