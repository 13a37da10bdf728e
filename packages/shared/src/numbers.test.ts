import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { decimalTextToNumber, numberFromText } from './numbers.js';

describe('numbers from text', () => {
  it('reads text that is exactly a decimal number, spaces around it ignored', () => {
    expect(decimalTextToNumber('12')).toBe(12);
    expect(decimalTextToNumber('24.99')).toBe(24.99);
    expect(decimalTextToNumber(' 5 ')).toBe(5);
    expect(decimalTextToNumber('-3')).toBe(-3);
    expect(decimalTextToNumber('007')).toBe(7);
  });

  it.each(['', ' ', '12abc', '1e3', '0x10', 'Infinity', 'NaN', '+5', '.5', '5.', '1,5', '1 2'])(
    'leaves %j as it is',
    (text) => {
      expect(decimalTextToNumber(text)).toBe(text);
    },
  );

  it('keeps the number schema’s limits and messages', () => {
    const quantity = numberFromText(
      z.number({ error: 'Quantity must be a number' }).check(z.int('Whole'), z.minimum(1, 'Min')),
    );
    expect(quantity.parse('12')).toBe(12);
    expect(quantity.parse(12)).toBe(12);
    const message = (value: unknown) => quantity.safeParse(value).error?.issues[0]?.message;
    expect(message('2.5')).toBe('Whole');
    expect(message('0')).toBe('Min');
    for (const value of ['12abc', '', [12], { value: 12 }, null, undefined, true]) {
      expect(message(value)).toBe('Quantity must be a number');
    }
  });
});
