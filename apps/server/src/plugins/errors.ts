import type { ErrorBody, ErrorCode } from '@toolyard/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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
      request.log.error({ err }, 'request failed');
      return sendError(reply, 500, {
        error: 'internal_error',
        message: 'Something went wrong on our side. Please try again.',
      });
    });
  },
  { name: 'errors' },
);

/** Sends the one error shape with its status. */
export function sendError(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}
