import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The answer to a cookie-authenticated change from a page that is not ours. */
export const FOREIGN_ORIGIN_MESSAGE =
  'This request did not come from a Toolyard page, so it was refused.';

/**
 * Cookie-authenticated mutations must come from our own pages: the browser's Origin header
 * must be one we trust. Bearer-token clients carry no ambient credentials and pass.
 *
 * Every unsafe method is checked, whatever its path: the raw URL is not the path the router
 * matches (`/%61pi/...` is routed as `/api/...`), so no test on the URL may exempt a request.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, opts: { trustedOrigins: readonly string[] }) => {
    const trusted = new Set(opts.trustedOrigins);
    // A callback hook, not an async one: it runs on every request and needs no promise.
    app.addHook('onRequest', (request, _reply, done) => {
      if (
        SAFE.has(request.method) ||
        !request.headers.cookie ||
        /^bearer\s/i.test(request.headers.authorization ?? '')
      ) {
        done();
        return;
      }
      const origin = request.headers.origin;
      if (origin && trusted.has(origin)) {
        done();
        return;
      }
      done(new AppError('forbidden', FOREIGN_ORIGIN_MESSAGE, 403));
    });
  },
  { name: 'csrf', dependencies: ['errors'] },
);
