/**
 * Telling "the database is away" from every other failure, and describing a failure without
 * what it carried. Database errors hold the query's parameters (Drizzle's "Failed query ...
 * params: ...") and the rows' values (PostgreSQL's `detail`), so neither is ever logged.
 */

// Node's socket errors: the server is unreachable or the connection broke.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// SQLSTATEs that say "try again later", not "this request is wrong".
const RETRYABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57014', // query_canceled: the statement timeout
  '55P03', // lock_not_available
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

// node-postgres and pg-pool say these in words, without a code.
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Cannot use a pool after calling end',
  'Client was closed and is not queryable',
];

/** The error and the errors it wraps (Drizzle's DrizzleQueryError keeps the driver's as cause). */
function* chain(err: unknown): Generator<unknown> {
  const seen = new Set<unknown>();
  let current = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    yield current;
    if (current instanceof AggregateError) yield* current.errors.flatMap((e) => [...chain(e)]);
    current = (current as { cause?: unknown }).cause;
  }
}

const codeOf = (err: unknown) => {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
};

/** True when the failure is the database being unreachable, restarting or too slow. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e instanceof DatabaseBusyError) return true;
    const code = codeOf(e);
    if (code && (NETWORK_CODES.has(code) || RETRYABLE_SQLSTATES.has(code))) return true;
    // Class 08: connection exceptions; class 53: insufficient resources (too many connections).
    if (code && /^(08|53)[0-9A-Z]{3}$/.test(code)) return true;
    const message = e instanceof Error ? e.message : '';
    if (CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** Thrown by code that gave up waiting for the database (a batch that could not be placed). */
export class DatabaseBusyError extends Error {
  constructor(message = 'The database did not answer in time') {
    super(message);
    this.name = 'DatabaseBusyError';
  }
}

export interface SafeErrorSummary {
  type: string;
  /** SQLSTATE or Node's error code, when there is one. */
  code?: string;
  /** The constraint a write broke, by name: it says which rule, not which values. */
  constraint?: string;
  /** Only for errors that are not the database's: their messages are the code's own words. */
  message?: string;
  stack?: string;
}

/**
 * What a log line may say about a failure: its type, code and constraint; for database errors
 * nothing else (their messages and details carry parameters and row values, and so tokens,
 * emails, addresses and phones).
 */
export function summarizeError(err: unknown): SafeErrorSummary {
  const links = [...chain(err)];
  const fromDatabase = links.some(
    (e) =>
      (e as { name?: unknown }).name === 'DrizzleQueryError' ||
      /^[0-9A-Z]{5}$/.test(codeOf(e) ?? '') ||
      (e as { severity?: unknown }).severity !== undefined,
  );
  const root = links.at(-1) ?? err;
  const code = links.map(codeOf).find(Boolean);
  const constraint = links
    .map((e) => (e as { constraint?: unknown }).constraint)
    .find((c): c is string => typeof c === 'string');
  const type =
    root instanceof Error
      ? root.constructor.name || root.name
      : typeof root === 'object'
        ? 'Object'
        : typeof root;
  if (fromDatabase || isDatabaseUnavailable(err)) {
    const words =
      root instanceof Error ? CONNECTION_MESSAGES.find((m) => root.message.includes(m)) : undefined;
    return {
      type,
      ...(code ? { code } : {}),
      ...(constraint ? { constraint } : {}),
      ...(words ? { message: words } : {}),
    };
  }
  return {
    type,
    ...(code ? { code } : {}),
    message: root instanceof Error ? root.message : String(root),
    ...(root instanceof Error && root.stack ? { stack: stripMessage(root.stack) } : {}),
  };
}

/** A stack's frames without its first line, which repeats the message. */
function stripMessage(stack: string): string {
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 12)
    .join('\n');
}

/** The cause a log line is counted under: one line per cause per window, not one per request. */
export function causeOf(summary: SafeErrorSummary): string {
  return `${summary.type}:${summary.code ?? ''}:${summary.message ?? ''}`.slice(0, 200);
}
