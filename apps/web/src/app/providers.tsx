import { TOAST_DEFAULTS } from '@toolyard/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { createQueryClient } from '@/lib/query-client';

/** Data caching and toasts for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer
        position={TOAST_DEFAULTS.position}
        autoClose={TOAST_DEFAULTS.autoCloseMs}
        draggablePercent={TOAST_DEFAULTS.draggablePercent}
      />
    </QueryClientProvider>
  );
}
