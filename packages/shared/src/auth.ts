import { z } from 'zod';

/** New passwords: at least this long (hashed with argon2id on the server). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The spec's login form asks for at least 6 characters before it sends anything. */
export const LOGIN_PASSWORD_MIN_LENGTH = 6;

const email = z
  .string()
  .trim()
  .min(1, 'Email Is Required')
  .max(254, 'Provide a valid Email')
  .pipe(z.email('Provide a valid Email'));

/** The login form, with the spec's messages. */
export const loginSchema = z.object({
  email,
  password: z
    .string()
    .min(1, 'Password Is Required')
    .min(LOGIN_PASSWORD_MIN_LENGTH, 'At least 6 characters needed'),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The sign-up form. */
export const signupSchema = z
  .object({
    name: z.string().trim().min(1, 'Name Is Required').max(60, 'Use at most 60 characters'),
    email,
    password: z
      .string()
      .min(1, 'Password Is Required')
      .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters needed`)
      .max(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
    confirmPassword: z.string().min(1, 'Please confirm the password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });
export type SignupInput = z.infer<typeof signupSchema>;

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

/** The signed-in user as the session endpoint returns it. */
export const sessionUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles).catch('user'),
  image: z.string().nullish(),
  phone: z.string().nullish(),
  address: z.string().nullish(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/get-session: null when signed out. */
export const sessionSchema = z
  .object({
    user: sessionUserSchema,
    session: z.object({ id: z.string(), expiresAt: z.coerce.date() }),
  })
  .nullable();
export type Session = z.infer<typeof sessionSchema>;

/** GET /api/auth-options: which sign-in methods this server offers. */
export const authOptionsSchema = z.object({ google: z.boolean() });
export type AuthOptions = z.infer<typeof authOptionsSchema>;

/** POST /api/auth/sign-in/oauth2 answers with where to send the browser. */
export const oauthRedirectSchema = z.object({ url: z.string(), redirect: z.boolean() });
