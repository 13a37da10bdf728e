import { ApiError, errorMessage } from '@/lib/api-client';

/**
 * What a buyer reads when paying failed. A refusal (a declined card, an order already paid) is
 * the server's sentence; anything else (no answer, an outage, a fault) leaves the payment
 * unconfirmed, and the message says so before saying why.
 */
export function paymentFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.isClientError) return error.message;
  return `We could not confirm your payment. ${errorMessage(error)}`;
}
