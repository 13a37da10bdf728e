import { PAGE_LOAD_TIMEOUT_MS } from '@toolyard/shared';
import { lazy, type ComponentType } from 'react';

/** Thrown when a page's code has not arrived in time; the route error boundary explains it. */
export class PageLoadTimeoutError extends Error {}

/**
 * A page whose module (default export) downloads on its first render; a load that hangs gives
 * up after the spec's 120 seconds.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new PageLoadTimeoutError('This page took too long to load.')),
        PAGE_LOAD_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([load(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  });
}
