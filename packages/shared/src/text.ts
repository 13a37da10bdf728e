import * as z from 'zod/mini';

/**
 * A required text field, trimmed: "<Label> Is Required" when missing or blank, and
 * "<Label> must be at most <max> characters" when too long.
 */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} Is Required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} Is Required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );
