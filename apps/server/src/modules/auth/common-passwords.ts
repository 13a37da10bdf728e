import { createRequire } from 'node:module';

/** How many of the most common passwords are refused. */
export const COMMON_PASSWORD_COUNT = 10_000;

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another.';

let common: Set<string> | undefined;

/**
 * The most common passwords, most common first, from zxcvbn-ts's list (itself ranked from
 * leaked password sets), read once on first use. All are lowercase.
 */
function commonPasswords(): Set<string> {
  if (!common) {
    const require = createRequire(import.meta.url);
    const ranked = require('@zxcvbn-ts/language-common/src/passwords.json') as string[];
    common = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT));
  }
  return common;
}

/** True for one of the 10,000 most common passwords, in any letter case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
