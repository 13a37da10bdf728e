import { useSearchParams } from 'wouter';
import { useLocationState } from '@/lib/location';

/** Only a path on this site: never `//elsewhere` or an absolute URL (no open redirect). */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.startsWith('/\\')) return null;
  return value;
}

/**
 * Where to go after signing in or up: the protected page the person was sent away from
 * (router state, or `?from=` when coming back from Google), else the home page.
 */
export function useReturnTo(): string {
  const state = useLocationState();
  const [params] = useSearchParams();
  return safeReturnPath(state?.from) ?? safeReturnPath(params.get('from')) ?? '/';
}
