import { AppError } from '../../errors.js';
import type { CurrentUser } from '../auth/session.js';

/**
 * With EMAIL_VERIFICATION=required, a buyer orders (one product or the whole cart) only once the
 * address is confirmed: otherwise 403 `email_not_verified`, saying how to confirm it.
 */
export function requireVerifiedBuyer(actor: CurrentUser, required: boolean | undefined): void {
  if (required && !actor.emailVerified) {
    throw new AppError(
      'email_not_verified',
      'Confirm your email address before you order: we sent you a link, and you can ask for it again from your profile.',
      403,
    );
  }
}
