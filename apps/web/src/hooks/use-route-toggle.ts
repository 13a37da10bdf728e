import { useState } from 'react';
import { useLocationKey } from '@/lib/location';

/**
 * Open/closed state for a collapsible menu that closes by itself on navigation, even to the
 * same path: it is open only for the history entry it was opened on.
 */
export function useRouteToggle() {
  const key = useLocationKey();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  return { open, toggle: () => setOpenOn(open ? null : key) } as const;
}
