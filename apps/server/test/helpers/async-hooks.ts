import { executionAsyncId } from 'node:async_hooks';

/**
 * Whether Node is running its hooks on every promise now, as it does while any
 * AsyncLocalStorage is enabled: a promise's reaction then runs under an async id of its own
 * (Node's async_hooks documentation, "Promise execution tracking"); without hooks it does not.
 */
export async function promiseHooksOn(): Promise<boolean> {
  const outer = executionAsyncId();
  const inner = await Promise.resolve().then(() => executionAsyncId());
  return inner !== 0 && inner !== outer;
}
