import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state for a collapsible menu that closes by itself on navigation:
 * it is open only for the path it was opened on.
 */
export function useRouteToggle() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return { open, toggle: () => setOpenOn(open ? null : pathname) } as const;
}
