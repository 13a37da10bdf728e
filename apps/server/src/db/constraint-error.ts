/**
 * The constraint `err` names, if it is a unique (23505) or foreign-key (23503) violation: both
 * drivers put code and constraint on the error or on its cause.
 */
export function violatedConstraint(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if ((code === '23505' || code === '23503') && typeof constraint === 'string') {
      return constraint;
    }
  }
  return undefined;
}
