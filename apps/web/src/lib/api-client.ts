import { errorBodySchema, TOTAL_COUNT_HEADER } from '@toolyard/shared';
import type * as z from 'zod/mini';

/** A failed API call, carrying the server's code, readable message and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    /** How long the server asked us to wait before trying again (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** 4xx answers are final: retrying the same request cannot help. */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }

  /** The shop (or the way to it) is briefly away: the same request may well work soon. */
  get isUnavailable(): boolean {
    return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

/** The sentence shown while reads are retried through an outage. */
export const UNAVAILABLE_MESSAGE = 'The shop is briefly unavailable, retrying…';

/** True for an error worth retrying on its own: an outage, not a refusal. */
export const isUnavailable = (error: unknown) => error instanceof ApiError && error.isUnavailable;

/** Waits as long as the server asked (Retry-After), else backs off exponentially. */
export function retryDelayFor(attempt: number, error: unknown, capMs = 30_000): number {
  const asked = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  return Math.min(asked ? asked * 1000 : 1000 * 2 ** attempt, capMs);
}

const fallbackMessages: Record<number, string> = {
  400: 'Some of the information sent was not valid.',
  401: 'Please sign in to continue.',
  403: 'You are not allowed to do that.',
  404: 'We could not find what you were looking for.',
  409: 'That could not be done in the current state. Please refresh and try again.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest<S extends z.ZodMiniType> {
  /** Parses (and so checks) the response body. */
  schema: S;
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  /** E.g. Idempotency-Key. */
  headers?: Record<string, string>;
}

/** The one way the web app calls the API: JSON in, schema-checked JSON out, ApiError on failure. */
export async function apiFetch<S extends z.ZodMiniType>(
  path: string,
  request: ApiRequest<S>,
): Promise<z.infer<S>> {
  return (await apiRequest(path, request)).data;
}

/** One page of a list the API pages (`?page=&pageSize=`), with the total from X-Total-Count. */
export async function apiPage<S extends z.ZodMiniType>(
  path: string,
  {
    page,
    pageSize,
    schema,
    signal,
  }: { page: number; pageSize: number; schema: S; signal?: AbortSignal },
): Promise<{ items: z.infer<S>; total: number; page: number; pageSize: number }> {
  const separator = path.includes('?') ? '&' : '?';
  const { data, headers } = await apiRequest(
    `${path}${separator}page=${page}&pageSize=${pageSize}`,
    {
      schema,
      signal,
    },
  );
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? (data as unknown[]).length);
  return { items: data, total, page, pageSize };
}

/** apiFetch that also hands back the response headers (paging totals travel there). */
export async function apiRequest<S extends z.ZodMiniType>(
  path: string,
  { schema, method = 'GET', body, signal, headers }: ApiRequest<S>,
): Promise<{ data: z.infer<S>; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      signal,
      credentials: 'same-origin',
      // FormData (a file upload) sets its own multipart content type.
      headers: {
        ...headers,
        accept: 'application/json',
        ...(body === undefined || body instanceof FormData
          ? {}
          : { 'content-type': 'application/json' }),
      },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(
      0,
      'network_error',
      "Can't reach Toolyard. Check your connection and try again.",
    );
  }

  if (!response.ok) throw await toApiError(response);

  const data: unknown = response.status === 204 ? undefined : await response.json();
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      'unexpected_response',
      'The server sent something unexpected. Please refresh the page.',
    );
  }
  return { data: parsed.data, headers: response.headers };
}

/**
 * The one place a server's words may reach the page: a 4xx in the API's error shape carries a
 * sentence written for people ("Only 4 left in stock"). Anything else, a 5xx above all, gets
 * the app's own sentence, whatever its body says.
 */
async function toApiError(response: Response): Promise<ApiError> {
  const { status } = response;
  const body = errorBodySchema.safeParse(await response.json().catch(() => null));
  let message =
    body.success && status < 500
      ? body.data.message
      : (fallbackMessages[status] ?? 'Something went wrong on our side. Please try again.');
  const retryAfter = Number(response.headers.get('retry-after'));
  if (status === 429 && retryAfter > 0) {
    message = `${message.replace(/\.$/, '')}. Try again in ${formatWait(retryAfter)}.`;
  }
  if (status === 502 || status === 503 || status === 504) {
    message = 'The shop is briefly unavailable. Please try again in a moment.';
  }
  return new ApiError(
    status,
    body.success ? body.data.error : `http_${status}`,
    message,
    body.success && status < 500 ? body.data.fields : undefined,
    retryAfter > 0 ? retryAfter : undefined,
  );
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} second${seconds > 1 ? 's' : ''}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes > 1 ? 's' : ''}`;
}

/** A sentence for a person, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Please try again.';
}
