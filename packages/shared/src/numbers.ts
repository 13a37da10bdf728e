import * as z from 'zod/mini';

/** Digits with an optional minus sign and decimal part: "12", "-3", "24.99"; nothing else. */
const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;

/**
 * The number a text input holds, when the text is exactly a decimal number (surrounding
 * spaces are ignored); any other value is returned unchanged, for the number schema to refuse.
 * "1e3", "0x10", "Infinity", "12abc", "" and " " are not decimal numbers.
 */
export function decimalTextToNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  return DECIMAL_TEXT.test(text) ? Number(text) : value;
}

/**
 * A number field that also accepts the number as decimal text, as the spec's original web
 * client sends it from its text inputs (`"OrderQuantity": "12"`, `"price": "24.99"`). The
 * text becomes a number before `schema` runs, so limits and messages are `schema`'s own;
 * anything else (`"12abc"`, `""`, `"1e3"`, arrays, objects) fails `schema` with its message.
 *
 * Its input type stays `number`: that is what this project's own clients send.
 */
export const numberFromText = <S extends z.ZodMiniType<number, number>>(schema: S) =>
  z.pipe(
    z.transform<number, number>((value) => decimalTextToNumber(value) as number),
    schema,
  );
