import type { FastifyReply } from 'fastify';
import type { Outcome } from './idempotency.service.js';

/** Sends an outcome, saying when it is the first request's answered again. */
export function sendOutcome(reply: FastifyReply, outcome: Outcome & { replayed: boolean }) {
  if (outcome.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(outcome.statusCode).send(outcome.body);
}
