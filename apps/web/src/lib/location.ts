import type { BaseLocationHook } from 'wouter';
import { navigate, useHistoryState, usePathname } from 'wouter/use-browser-location';

/**
 * The browser's location for wouter, with one addition: every history entry carries its own
 * `key` in `history.state`, so code can tell one visit from the next even when the path is the
 * same (menus close on any navigation; scroll positions are remembered per entry).
 */
type EntryState = { key?: string; from?: unknown };

const loadedAt = Date.now().toString(36);
let entries = 0;
const newKey = () => `${loadedAt}.${(entries++).toString(36)}`;

type NavigateOptions = { replace?: boolean; state?: Record<string, unknown> | null };

/** Navigates like wouter's own navigate, giving the new history entry a fresh key. */
export function navigateTo(to: string, { replace = false, state }: NavigateOptions = {}) {
  navigate(to, { replace, state: { ...state, key: newKey() } });
}

/** The location hook for `<Router hook>`. */
export const useKeyedLocation: BaseLocationHook = () => [usePathname(), navigateTo];

/** Gives the entry the app was opened on a key of its own (call once, before rendering). */
export function keyFirstEntry() {
  const state = history.state as EntryState | null;
  if (!state?.key) history.replaceState({ ...state, key: newKey() }, '');
}

/** The current history entry's key; changes on every navigation, even to the same path. */
export function useLocationKey(): string {
  return useHistoryState<EntryState | null>()?.key ?? 'initial';
}

/** What the navigation that led here passed as `state` (e.g. where a guard sent the person from). */
export function useLocationState(): EntryState | null {
  return useHistoryState<EntryState | null>();
}
