import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Navigates, and resolves once the new location has rendered. The router's own promise
 * resolves earlier, while React may still show the old page. Use it from a component that
 * stays mounted across the navigation (the navbar).
 */
export function useNavigateRendered() {
  const navigate = useNavigate();
  const { key } = useLocation();
  const rendered = useRef<(() => void) | null>(null);

  useEffect(() => {
    rendered.current?.();
    rendered.current = null;
  }, [key]);

  return useCallback(
    (to: string) =>
      new Promise<void>((resolve) => {
        rendered.current = resolve;
        void navigate(to);
      }),
    [navigate],
  );
}
