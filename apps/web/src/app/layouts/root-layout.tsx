import { Suspense, type ReactNode } from 'react';
import { PageLoading } from '@/components/ui/page-loading';
import { UnavailableBanner } from '@/components/ui/unavailable-banner';
import { useSession } from '@/features/auth/api/get-session';
import { useScrollRestoration } from '@/hooks/use-scroll-restoration';
import { lazyNamed } from '@/lib/lazy-named';
import { useLocationKey } from '@/lib/location';
import { RouteErrorBoundary } from '../route-error';
import { Footer } from './footer';
import { Navbar } from './navbar';

const VerifyEmailBanner = lazyNamed(
  () => import('@/features/auth/components/verify-email-banner'),
  'VerifyEmailBanner',
);

/** The banner's code downloads only for a signed-in person whose address is not confirmed. */
function EmailNotConfirmed() {
  const user = useSession().data?.user;
  if (!user || user.emailVerified) return null;
  return (
    <Suspense fallback={null}>
      <VerifyEmailBanner />
    </Suspense>
  );
}

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
          <EmailNotConfirmed />
          <Suspense fallback={<PageLoading />}>{children}</Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
