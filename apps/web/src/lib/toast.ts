import type * as ReactToastify from 'react-toastify';
import type { ToastContent, ToastOptions } from 'react-toastify';

type ToastLibrary = typeof ReactToastify;

let library: Promise<ToastLibrary> | undefined;
const listeners = new Set<() => void>();

/**
 * react-toastify is loaded on the first toast, not on the first visit. Toasts sent before its
 * container has mounted are queued by the library and shown once it has.
 */
export function loadToasts(): Promise<ToastLibrary> {
  if (!library) {
    library = import('react-toastify');
    for (const listener of listeners) listener();
  }
  return library;
}

/** For the toast host: has any toast been asked for yet? */
export const toastsRequested = () => library !== undefined;

export function onToastsRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const show =
  (kind: 'success' | 'error' | 'info') =>
  (content: ToastContent, options?: ToastOptions): void => {
    void loadToasts().then(({ toast: library }) => library[kind](content, options));
  };

/** The app's toasts: the same calls as react-toastify's, with the library loaded on demand. */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
