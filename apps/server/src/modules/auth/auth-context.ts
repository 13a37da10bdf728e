import type { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

/**
 * While any AsyncLocalStorage is enabled, Node (20 and 22) runs a hook for every promise and
 * async resource in the process, every cached read's included, and a storage stays enabled
 * once run until it is disabled. Better Auth runs its storages on every call and never
 * disables them, so one sign-in made an instance slower for good (issue 26, item 13). Its
 * storages are process-wide, and so is this count: they are disabled whenever no call into
 * Better Auth is in flight, and the next call enables them again.
 */
const storages = new Set<AsyncLocalStorage<unknown>>(
  await Promise.all([
    getCurrentAuthContextAsyncLocalStorage(),
    getRequestStateAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]),
);
let inFlight = 0;

/** A storage of ours that is only used within calls into Better Auth: disabled between them too. */
export function scopeToAuthCalls<T>(storage: AsyncLocalStorage<T>) {
  storages.add(storage as AsyncLocalStorage<unknown>);
}

/** Runs a call into Better Auth; the last one in flight to finish disables the storages. */
export async function inAuthContext<T>(call: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await call();
  } finally {
    inFlight--;
    if (inFlight === 0) for (const storage of storages) storage.disable();
  }
}

/** How many of the storages are enabled now (tests): none once every call has finished. */
export function enabledAuthStorages(): number {
  return [...storages].filter((s) => (s as unknown as { enabled?: boolean }).enabled).length;
}
