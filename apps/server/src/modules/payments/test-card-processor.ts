import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@toolyard/shared';

export interface CardDetails {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type ChargeResult =
  { ok: true; reference: string } | { ok: false; code: string; message: string };

/** Luhn's checksum, which every real card number passes. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const declines: Record<string, { code: string; message: string }> = {
  [TEST_CARDS.declined]: { code: 'card_declined', message: 'Your card was declined.' },
  [TEST_CARDS.insufficientFunds]: {
    code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  [TEST_CARDS.expired]: { code: 'expired_card', message: 'Your card has expired.' },
};

/**
 * The built-in test mode: Stripe's test-card behaviour with no network and no money.
 * Card details are checked and forgotten; only the last four digits are kept.
 */
export function chargeTestCard(card: CardDetails, now = new Date()): ChargeResult {
  if (!passesLuhn(card.cardNumber)) {
    return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
  const endOfExpiryMonth = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (endOfExpiryMonth <= now) {
    return { ok: false, code: 'expired_card', message: 'Your card has expired.' };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) {
    return { ok: false, code: 'incorrect_cvc', message: "Your card's security code is invalid." };
  }
  const decline = declines[card.cardNumber];
  if (decline) return { ok: false, ...decline };
  if (card.cardNumber !== TEST_CARDS.success) {
    return {
      ok: false,
      code: 'card_declined',
      message:
        'Your card was declined. This shop is in test mode: use a test card such as 4242 4242 4242 4242.',
    };
  }
  return { ok: true, reference: `test_${randomUUID()}` };
}
