import * as z from 'zod/mini';

/** New passwords: at least this long (hashed with argon2id on the server). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * New passwords must score at least this on zxcvbn's scale (0 guessed at once, 4 very hard),
 * judged on the server with the shop's name and the person's own name and email as guesses.
 */
export const PASSWORD_MIN_SCORE = 3;
/** What the forms that set a password say under it. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters and hard to guess: a few uncommon words make a strong one.`;
/** Strength is judged on this many first characters: beyond, the estimate costs more, not less. */
export const PASSWORD_ESTIMATE_LENGTH = 100;
/** The spec's login form asks for at least 6 characters before it sends anything. */
export const LOGIN_PASSWORD_MIN_LENGTH = 6;

/** A person's name: on the account, and copied into every order. */
export const PERSON_NAME_MAX_LENGTH = 60;

// C0 controls and DEL: a name is one line of plain text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;

export const personName = z.string({ error: 'Name Is Required' }).check(
  z.trim(),
  z.minLength(1, 'Name Is Required'),
  z.maxLength(PERSON_NAME_MAX_LENGTH, `Use at most ${PERSON_NAME_MAX_LENGTH} characters`),
  z.refine((v) => !CONTROL_CHARACTERS.test(v), 'Must not contain control characters.'),
);

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

/** POST /api/auth/sign-in/oauth2 answers with where to send the browser. */
export const oauthRedirectSchema = z.object({ url: z.string(), redirect: z.boolean() });

/** Where the links the shop mails land in the web app. */
export const EMAIL_LINK_PAGES = {
  /** After a verification link: `?error=...` when it was not valid. */
  verified: '/email-verified',
  /** A password reset link arrives here with `?token=...` (or `?error=INVALID_TOKEN`). */
  resetPassword: '/reset-password',
} as const;

/** POST /api/auth/sign-up/email answers the same for a new and an existing address. */
export const signUpAnswerSchema = z.object({ status: z.literal(true), message: z.string() });
export const SIGN_UP_ANSWER = {
  status: true,
  message: 'Check your email: we sent a link to confirm your address.',
} as const satisfies z.infer<typeof signUpAnswerSchema>;
