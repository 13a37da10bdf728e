import type { FastifyRequest } from 'fastify';

/** Route parameters that carry a secret or a person's address: logged by name, never by value. */
const SECRET_PARAMS = new Set(['token', 'email']);
/** Path segments after which the next one is a token, however the path was routed. */
const TOKEN_BEARING = new Set(['reset-password', 'verify-email']);

interface Plan {
  /** Index of each secret segment in the split path, and what it is logged as. */
  secrets: [index: number, name: string][];
}

/** A route with no secret parameter and no wildcard: its path is logged as it came. */
const PLAIN: Plan = { secrets: [] };
const plans = new Map<string, Plan>();

function planFor(pattern: string): Plan {
  const segments = pattern.split('/');
  const secrets: Plan['secrets'] = [];
  segments.forEach((segment, index) => {
    const name = segment.startsWith(':') ? segment.slice(1) : '';
    if (SECRET_PARAMS.has(name)) secrets.push([index, segment]);
  });
  const plan = secrets.length === 0 && !pattern.endsWith('*') ? PLAIN : { secrets };
  plans.set(pattern, plan);
  return plan;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** Replaces what looks like an address, or follows a token-bearing segment, in place. */
function scrub(segments: string[]) {
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i] ?? '';
    if (segment === '') continue;
    if (TOKEN_BEARING.has(decoded(segments[i - 1] ?? ''))) segments[i] = ':token';
    else if (decoded(segment).includes('@')) segments[i] = ':email';
  }
}

/**
 * The path a request line logs: without its query (search words, emails, the tokens of
 * verification links), and with every token-bearing or address-bearing segment replaced by
 * its name (`/api/auth/reset-password/:token`, `/api/user/:email`). A declared route's
 * parameters say which segments those are; a path no route matched is judged by its words.
 */
export function loggedPath(request: FastifyRequest): string {
  const url = request.url;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const pattern = request.routeOptions.url;
  const plan = pattern === undefined ? undefined : (plans.get(pattern) ?? planFor(pattern));
  if (plan === PLAIN) return path;
  const segments = path.split('/');
  for (const [index, name] of plan?.secrets ?? []) {
    if (index < segments.length) segments[index] = name;
  }
  scrub(segments);
  return segments.join('/');
}
