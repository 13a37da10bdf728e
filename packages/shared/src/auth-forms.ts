// The account forms and the bodies of the auth endpoints: what a person types and sends.
import * as z from 'zod/mini';
import { LOGIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.js';

/** What the forms that set a password say under it. */
export const NEW_PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters and hard to guess: a few uncommon words make a strong one.`;

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

/** A password being chosen; the server also refuses one that is easy to guess (PASSWORD_MIN_SCORE). */
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

/** POST /api/auth/send-verification-email: the link again (signed in, or from the sign-up page). */
export const sendVerificationBodySchema = z.object({
  email,
  callbackURL: z.optional(z.string().check(z.maxLength(2000))),
});

/** POST /api/auth/request-password-reset: answers alike whether or not the address has an account. */
export const forgotPasswordBodySchema = z.object({
  email,
  redirectTo: z.optional(z.string().check(z.maxLength(2000))),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** POST /api/auth/reset-password: the token from the mailed link and the new password. */
export const resetPasswordBodySchema = z.object({
  token: z.string().check(z.minLength(1, 'The link is not complete'), z.maxLength(200)),
  newPassword: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The second typing of a new password, on the forms that set one. */
const confirmPassword = z.string().check(z.minLength(1, 'Please confirm the password'));
const confirmsNewPassword = z.refine<{ newPassword: string; confirmPassword: string }>(
  (v) => v.newPassword === v.confirmPassword,
  { path: ['confirmPassword'], message: 'The passwords do not match' },
);

/** The reset-password form (new password twice). */
export const resetPasswordFormSchema = z
  .object({ newPassword, confirmPassword })
  .check(confirmsNewPassword);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/**
 * POST /api/auth/change-password: the current password is required; every other session of the
 * account ends (the server always asks Better Auth to revoke them).
 */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'Current Password Is Required' })
    .check(
      z.minLength(1, 'Current Password Is Required'),
      z.maxLength(PASSWORD_MAX_LENGTH, `At most ${PASSWORD_MAX_LENGTH} characters`),
    ),
  newPassword,
  revokeOtherSessions: z.optional(z.boolean()),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The change-password form. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: changePasswordBodySchema.shape.currentPassword,
    newPassword,
    confirmPassword,
  })
  .check(confirmsNewPassword);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** POST /api/auth/change-email: takes effect only once the link sent to the new address is followed. */
export const changeEmailBodySchema = z.object({
  newEmail: email,
  callbackURL: z.optional(z.string().check(z.maxLength(2000))),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** POST /api/auth/revoke-other-sessions: no fields. */
export const emptyBodySchema = z.optional(z.object({}));
