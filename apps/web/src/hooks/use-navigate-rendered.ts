import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useLocationKey } from '@/lib/location';

/**
 * Navigates, and resolves once the new location has rendered. Use it from a component that
 * stays mounted across the navigation (the navbar).
 */
export function useNavigateRendered() {
  const [, navigate] = useLocation();
  const key = useLocationKey();
  const rendered = useRef<(() => void) | null>(null);

  useEffect(() => {
    rendered.current?.();
    rendered.current = null;
  }, [key]);

  return useCallback(
    (to: string) =>
      new Promise<void>((resolve) => {
        rendered.current = resolve;
        navigate(to);
      }),
    [navigate],
  );
}
