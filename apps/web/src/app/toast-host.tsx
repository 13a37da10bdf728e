import { TOAST_DEFAULTS } from '@toolyard/shared';
import { Suspense, useSyncExternalStore } from 'react';
import { lazyNamed } from '@/lib/lazy-named';
import { loadToasts, onToastsRequested, toastsRequested } from '@/lib/toast';

const ToastContainer = lazyNamed(loadToasts, 'ToastContainer');

/** Mounts react-toastify's container once the first toast is asked for. */
export function ToastHost() {
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position={TOAST_DEFAULTS.position}
        autoClose={TOAST_DEFAULTS.autoCloseMs}
        draggablePercent={TOAST_DEFAULTS.draggablePercent}
      />
    </Suspense>
  );
}
