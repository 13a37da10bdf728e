import { violatedConstraint } from '../../db/constraint-error.js';
import { AppError } from '../../errors.js';

/**
 * The longest an account whose email is not confirmed holds stock without paying: a sign-up
 * costs nothing, so what it can hold must be small and short (ADR 022).
 */
export const UNCONFIRMED_HOLD_MS = 15 * 60 * 1000;

/** The shop's settings for unpaid orders; undefined: no end, no limit. */
export interface UnpaidSettings {
  /** UNPAID_ORDER_HOLD. */
  holdMs?: number;
  /** UNPAID_ORDERS_PER_BUYER. */
  perBuyer?: number;
}

/** What one buyer's unpaid order may hold, decided by the statement that places it. */
export interface UnpaidTerms {
  /** How long it holds its stock before it is cancelled; undefined: until paid or cancelled. */
  holdMs: number | undefined;
  /** Most unpaid orders the buyer may hold at once, counting this one; undefined: no limit. */
  cap: number | undefined;
  /**
   * Placed by an unconfirmed account: orders_one_unpaid_unconfirmed_idx refuses a second such
   * unpaid order, so two checkouts at once cannot both get through the count.
   */
  unconfirmed: boolean;
}

/**
 * The one home of the hold rules: a confirmed buyer's unpaid order is held UNPAID_ORDER_HOLD
 * and the buyer may hold UNPAID_ORDERS_PER_BUYER of them; an unconfirmed account's is held at
 * most 15 minutes, one at a time.
 */
export function unpaidTerms(settings: UnpaidSettings, emailConfirmed: boolean): UnpaidTerms {
  if (emailConfirmed)
    return { holdMs: settings.holdMs, cap: settings.perBuyer, unconfirmed: false };
  return {
    holdMs: Math.min(settings.holdMs ?? UNCONFIRMED_HOLD_MS, UNCONFIRMED_HOLD_MS),
    cap: 1,
    unconfirmed: true,
  };
}

/** The 409 for an order past the buyer's unpaid limit, saying how to get below it. */
export function tooManyUnpaid(held: number, emailConfirmed: boolean): AppError {
  const message = emailConfirmed
    ? `You have ${held} unpaid ${held === 1 ? 'order' : 'orders'}. Pay for or cancel one before ordering more.`
    : 'You already have an unpaid order. Pay for or cancel it, or confirm your email address, before ordering more.';
  return new AppError('too_many_unpaid_orders', message, 409);
}

/** The database refused a second unpaid order of an unconfirmed account (a concurrent one won). */
export const isSecondUnconfirmedUnpaid = (err: unknown): boolean =>
  violatedConstraint(err) === 'orders_one_unpaid_unconfirmed_idx';
