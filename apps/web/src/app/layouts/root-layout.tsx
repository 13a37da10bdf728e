import { Suspense, type ReactNode } from 'react';
import { PageLoading } from '@/components/ui/page-loading';
import { UnavailableBanner } from '@/components/ui/unavailable-banner';
import { useScrollRestoration } from '@/hooks/use-scroll-restoration';
import { useLocationKey } from '@/lib/location';
import { RouteErrorBoundary } from '../route-error';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function RootLayout({ children }: { children: ReactNode }) {
  useScrollRestoration();
  const locationKey = useLocationKey();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:btn"
      >
        Skip to content
      </a>
      <Navbar />
      <UnavailableBanner />
      {/* At least a screen high: the footer starts below the fold, so pages that fill in as
          their data arrives do not push it down in view (layout shift). */}
      <main id="main" className="min-h-svh flex-1">
        <RouteErrorBoundary resetKey={locationKey}>
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
