import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatDollars } from './money.js';

describe('money', () => {
  it('converts between cents and dollars without floating-point drift', () => {
    expect(centsToDollars(2499)).toBe(24.99);
    expect(dollarsToCents(24.99)).toBe(2499);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    for (let cents = 0; cents < 100_000; cents += 7) {
      expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    }
  });

  it('formats dollars for people', () => {
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(formatDollars(9.99)).toBe('$9.99');
  });
});
