import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';

export interface SlowClientTimeouts {
  /** A request's headers must have arrived within this long (Node's headersTimeout). */
  headersMs: number;
  /** Its body within this long after its headers. */
  bodyMs: number;
  /** The body of an upload route, once its guards have let the request in. */
  uploadMs: number;
  /**
   * A keep-alive connection idle this long after its last answer is closed (Node's
   * keepAliveTimeout; Fastify's own default is 72 s). A load balancer in front must drop its
   * idle connections sooner, or it may send a request on one the server is closing (ADR 027).
   */
  keepAliveMs: number;
}

/**
 * The Node server options that bound a slow client: headers within `headersMs`, a whole request
 * within `uploadMs` (the longest any route allows; the plugin below holds other bodies to
 * `bodyMs`). Node checks both only every `connectionsCheckingInterval`, 30 s by default, which
 * would let a 10 s limit run to 40 s: here a quarter of the headers' limit, at most 1 s.
 */
export function slowClientServerOptions({ headersMs, uploadMs, keepAliveMs }: SlowClientTimeouts) {
  return {
    requestTimeout: uploadMs,
    keepAliveTimeout: keepAliveMs,
    http: {
      headersTimeout: headersMs,
      requestTimeout: uploadMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(headersMs / 4)),
    },
  };
}

const timers = new WeakMap<IncomingMessage, NodeJS.Timeout>();

/** True when the request announces a body that has not all arrived yet. */
function bodyPending(raw: IncomingMessage): boolean {
  if (raw.complete) return false;
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Cuts the connection of a request whose body has not all arrived within `ms` from now. */
function limitBody(raw: IncomingMessage, ms: number) {
  clearTimeout(timers.get(raw));
  const timer = setTimeout(() => {
    // Destroying the request destroys its socket; a body read to its end is left alone.
    if (!raw.complete && !raw.readableEnded) raw.destroy();
  }, ms);
  timer.unref();
  timers.set(raw, timer);
}

/**
 * A request body must arrive within `bodyMs` of its headers, or the connection is cut (a client
 * trickling a byte at a time otherwise holds it open as long as Node's requestTimeout). Routes
 * declared with `config: { upload: true }` allow `uploadMs`, from the moment their guards have
 * let the request in: a stranger's upload is held to `bodyMs` like any other body.
 */
export const slowClientsPlugin = fp(
  async (app: FastifyInstance, opts: SlowClientTimeouts) => {
    app.addHook('onRequest', (request, _reply, done) => {
      const raw = request.raw;
      if (bodyPending(raw)) {
        limitBody(raw, opts.bodyMs);
        raw.once('close', () => clearTimeout(timers.get(raw)));
      }
      done();
    });

    const allowUpload: preHandlerHookHandler = (request, _reply, done) => {
      if (bodyPending(request.raw)) limitBody(request.raw, opts.uploadMs);
      done();
    };
    app.addHook('onRoute', (route) => {
      if (!route.config?.upload) return;
      route.preHandler = [allowUpload, ...[route.preHandler ?? []].flat()];
    });
  },
  { name: 'slow-clients' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload route: its body may take UPLOAD_TIMEOUT_MS rather than BODY_TIMEOUT_MS. */
    upload?: boolean;
  }
}
