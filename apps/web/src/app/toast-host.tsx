import { TOAST_DEFAULTS } from '@toolyard/shared';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToasts, onToastsRequested, toastsRequested } from '@/lib/toast';

const ToastContainer = lazy(() =>
  loadToasts().then((library) => ({ default: library.ToastContainer })),
);

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
