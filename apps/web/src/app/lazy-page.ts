import { PAGE_LOAD_TIMEOUT_MS } from '@toolyard/shared';
import type { ComponentType } from 'react';

/** Thrown when a page's code has not arrived in time; the route error boundary explains it. */
export class PageLoadTimeoutError extends Error {}

/**
 * A route `lazy` loader for a module whose default export is the page: the page's code
 * downloads on first visit, and a load that hangs gives up after the spec's 120 seconds.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new PageLoadTimeoutError('This page took too long to load.')),
        PAGE_LOAD_TIMEOUT_MS,
      );
    });
    try {
      const page = await Promise.race([load(), timeout]);
      return { Component: page.default };
    } finally {
      clearTimeout(timer);
    }
  };
}
