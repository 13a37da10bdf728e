// wouter imports React's useSyncExternalStore through the `use-sync-external-store` shim, kept
// for React 17 and older; React 19 has it built in, so the shim's code need not be downloaded.
export { useSyncExternalStore } from 'react';
