import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

/** Deeper JSON than any form of the shop sends; far below what breaks a recursive walk. */
export const MAX_JSON_DEPTH = 32;

// C0 controls and DEL, except tab, line feed and carriage return (multi-line text). PostgreSQL
// refuses NUL in text outright, which made any text field a 500.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const CONTROL_MESSAGE = 'Must not contain control characters.';

/** The first bad spot in a parsed body or query: a control character, or nesting too deep. */
function findProblem(
  value: unknown,
  path: string,
  depth: number,
): { field: string; message: string } | undefined {
  if (typeof value === 'string') {
    return CONTROL.test(value) ? { field: path || 'value', message: CONTROL_MESSAGE } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > MAX_JSON_DEPTH) {
    return { field: path || 'value', message: `Nested more than ${MAX_JSON_DEPTH} levels deep.` };
  }
  // Parsed JSON and query strings only: uploads (buffers, streams) are checked by their routes.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') {
    return undefined;
  }
  for (const [key, child] of Object.entries(value)) {
    if (CONTROL.test(key)) return { field: path || 'value', message: CONTROL_MESSAGE };
    const problem = findProblem(child, path ? `${path}.${key}` : key, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Every route, the Better Auth ones included, refuses text with control characters and JSON
 * nested deeper than MAX_JSON_DEPTH with a 400 naming the field, before anything reads it.
 */
export const inputGuardPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const query = request.query as Record<string, unknown> | undefined;
      const { body } = request;
      if ((query === undefined || isEmpty(query)) && (body === undefined || body === null)) {
        return done();
      }
      const problem =
        (query && findProblem(query, '', 1)) ??
        (body === undefined || body === null ? undefined : findProblem(body, '', 1));
      if (!problem) return done();
      done(
        new AppError('invalid_input', 'Some values are not valid.', 400, {
          [problem.field]: problem.message,
        }),
      );
    });
  },
  { name: 'input-guard' },
);

function isEmpty(object: object): boolean {
  for (const _ in object) return false;
  return true;
}
