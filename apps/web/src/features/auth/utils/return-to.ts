import { useLocation, useSearchParams } from 'react-router';

/** Only a path on this site: never `//elsewhere` or an absolute URL (no open redirect). */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.startsWith('/\\')) return null;
  return value;
}

function fromState(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string') return safeReturnPath(from);
  if (from && typeof from === 'object' && 'pathname' in from) {
    const {
      pathname,
      search = '',
      hash = '',
    } = from as {
      pathname: unknown;
      search?: unknown;
      hash?: unknown;
    };
    return safeReturnPath(`${String(pathname)}${String(search)}${String(hash)}`);
  }
  return null;
}

/**
 * Where to go after signing in or up: the protected page the person was sent away from
 * (router state, or `?from=` when coming back from Google), else the home page.
 */
export function useReturnTo(): string {
  const location = useLocation();
  const [params] = useSearchParams();
  return fromState(location.state) ?? safeReturnPath(params.get('from')) ?? '/';
}
