import * as z from 'zod/mini';

/** New passwords: at least this long (hashed with argon2id on the server). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The spec's login form asks for at least 6 characters before it sends anything. */
export const LOGIN_PASSWORD_MIN_LENGTH = 6;

const email = z.pipe(
  z
    .string({ error: 'Email Is Required' })
    .check(
      z.trim(),
      z.minLength(1, 'Email Is Required'),
      z.maxLength(254, 'Provide a valid Email'),
    ),
  z.email('Provide a valid Email'),
);

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

/** A password being chosen (sign-up); the server also refuses common ones. */
const newPassword = z
  .string({ error: 'Password Is Required' })
  .check(
    z.minLength(1, 'Password Is Required'),
    z.minLength(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters needed`),
    z.maxLength(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
  );

/** The login form, with the spec's messages. */
export const loginSchema = z.object({
  email,
  password: z
    .string()
    .check(
      z.minLength(1, 'Password Is Required'),
      z.minLength(LOGIN_PASSWORD_MIN_LENGTH, 'At least 6 characters needed'),
    ),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The sign-up form. */
export const signupSchema = z
  .object({
    name: personName,
    email,
    password: newPassword,
    confirmPassword: z.string().check(z.minLength(1, 'Please confirm the password')),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: 'The passwords do not match',
    }),
  );
export type SignupInput = z.infer<typeof signupSchema>;

/**
 * The bodies the server accepts on Better Auth's routes, checked before they are forwarded;
 * only these fields go on. POST /api/auth/sign-up/email:
 */
export const signUpBodySchema = z.object({
  name: personName,
  email,
  password: newPassword,
  callbackURL: z.optional(z.string().check(z.maxLength(2000))),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** POST /api/auth/sign-in/email: any password up to the longest one can choose. */
export const signInBodySchema = z.object({
  email,
  password: z
    .string({ error: 'Password Is Required' })
    .check(
      z.minLength(1, 'Password Is Required'),
      z.maxLength(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
    ),
  rememberMe: z.optional(z.boolean()),
  callbackURL: z.optional(z.string().check(z.maxLength(2000))),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

/** POST /api/auth/update-user: the name only (phone and address go through PUT /api/user). */
export const updateUserBodySchema = z.object({ name: personName });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

/** The signed-in user as the session endpoint returns it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.catch(z.enum(roles), 'user'),
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

/** GET /api/auth-options: which sign-in methods this server offers. */
export const authOptionsSchema = z.object({ google: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** POST /api/auth/sign-in/oauth2 answers with where to send the browser. */
export const oauthRedirectSchema = z.object({ url: z.string(), redirect: z.boolean() });
