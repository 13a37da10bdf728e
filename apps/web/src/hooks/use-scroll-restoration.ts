import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocationKey } from '@/lib/location';

const STORAGE_KEY = 'toolyard:scroll';

/** Scroll positions by history entry: read from the tab's storage once, kept in memory. */
let positions: Record<string, number> | undefined;

function scrollPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
    } catch {
      positions = {};
    }
  }
  return positions;
}

/** Written back as the page goes away, so a reload returns to the same place. */
function savePositions() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(scrollPositions()));
  } catch {
    // Storage full or switched off: positions are then kept for this page load only.
  }
}

/**
 * Each history entry keeps its own scroll position: a new page starts at the top (or at its
 * `#anchor`), and back/forward (or a reload) return to where the person was on that page.
 */
export function useScrollRestoration() {
  const key = useLocationKey();
  const opening = useRef(true);

  useEffect(() => {
    history.scrollRestoration = 'manual';
    opening.current = false;
    window.addEventListener('pagehide', savePositions);
    return () => window.removeEventListener('pagehide', savePositions);
  }, []);

  // Remember the position as the person scrolls: by the time the next page has rendered, the
  // old page's position is gone.
  useEffect(() => {
    const remember = () => {
      scrollPositions()[key] = window.scrollY;
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    const anchor =
      location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (anchor) return anchor.scrollIntoView();
    const saved = scrollPositions()[key];
    // The page the app opens on starts at the top by itself; scrolling there anyway would
    // force a layout of the whole page in the middle of the first render.
    if (saved === undefined && opening.current) return;
    const target = saved ?? 0;
    window.scrollTo(0, target);
    if (window.scrollY >= target) return;
    // The page is not yet as long as it was (parts below the fold load as they near the
    // screen): scroll on as it grows, until there, until the person scrolls, or for 2 s.
    const grown = new ResizeObserver(() => {
      window.scrollTo(0, target);
      if (window.scrollY >= target) stop();
    });
    const stop = () => {
      grown.disconnect();
      clearTimeout(timer);
      for (const event of ['wheel', 'touchstart', 'keydown'] as const) {
        window.removeEventListener(event, stop);
      }
    };
    const timer = setTimeout(stop, 2000);
    for (const event of ['wheel', 'touchstart', 'keydown'] as const) {
      window.addEventListener(event, stop, { passive: true });
    }
    grown.observe(document.body);
    return stop;
  }, [key]);
}
