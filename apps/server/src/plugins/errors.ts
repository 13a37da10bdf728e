import type { ErrorBody, ErrorCode } from '@toolyard/shared';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  causeOf,
  isDatabaseUnavailable,
  summarizeError,
  type SafeErrorSummary,
} from '../db/outage.js';
import { AppError } from '../errors.js';

const statusCodes: Partial<Record<number, ErrorCode>> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** One error handler: every failure leaves as `{ error, message, fields? }`; a 5xx never leaks internals. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      if (err instanceof AppError) {
        return sendError(reply, err.statusCode, {
          error: err.code,
          message: err.message,
          ...(err.fields ? { fields: err.fields } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const fields: Record<string, string> = {};
        for (const issue of err.validation) {
          const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'value';
          fields[key] ??= issue.message ?? 'Invalid value';
        }
        const where = err.validationContext ?? 'request';
        return sendError(reply, 400, {
          error: 'invalid_input',
          message: `Some ${where === 'body' ? 'field' : where} values are not valid.`,
          fields,
        });
      }
      const status = err.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own 4xx (bad JSON, wrong content type, body too large) carry safe messages.
        return sendError(reply, status, {
          error: statusCodes[status] ?? 'invalid_input',
          message: err.message,
        });
      }
      const summary = summarizeError(err);
      if (isDatabaseUnavailable(err)) {
        throttled.report(
          request.log,
          'warn',
          summary,
          'the database is unavailable; answering 503',
        );
        return sendUnavailable(reply);
      }
      throttled.report(request.log, 'error', summary, 'request failed');
      return sendError(reply, 500, {
        error: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
      });
    });
  },
  { name: 'errors' },
);

/** Seconds a client should wait before trying again during an outage. */
export const RETRY_AFTER_SECONDS = 2;

/** 503 with Retry-After: the shop is briefly unable to answer; nothing was done. */
export function sendUnavailable(reply: FastifyReply) {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return sendError(reply, 503, {
    error: 'service_unavailable',
    message: 'The shop is briefly unavailable. Please try again in a moment.',
  });
}

const throttled = createThrottledLog();

/**
 * One log line per cause per window: an outage fails every request the same way, and a line
 * for each would bury the first (and fill the disk); a client sending the same bad input over
 * and over gets one line per window, not one per request. The next line after a quiet window
 * says how many were left out.
 */
export function createThrottledLog(windowMs = 5000) {
  const causes = new Map<string, { until: number; suppressed: number }>();
  /** Writes the line unless one of the same cause went out within the window. */
  function write(
    log: FastifyBaseLogger,
    level: 'debug' | 'info' | 'warn' | 'error',
    cause: string,
    fields: Record<string, unknown>,
    message: string,
  ) {
    const now = Date.now();
    const entry = causes.get(cause);
    if (entry && entry.until > now) {
      entry.suppressed++;
      return;
    }
    if (causes.size > 1000) causes.clear();
    causes.set(cause, { until: now + windowMs, suppressed: 0 });
    log[level](
      { ...fields, ...(entry?.suppressed ? { suppressed: entry.suppressed } : {}) },
      message,
    );
  }
  return {
    write,
    /** A failure, counted under its type, code and message (never its values). */
    report(
      log: FastifyBaseLogger,
      level: 'warn' | 'error',
      summary: SafeErrorSummary,
      message: string,
    ) {
      write(log, level, `${message}|${causeOf(summary)}`, { err: summary }, message);
    },
  };
}

/** Sends the one error shape with its status. */
export function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
