import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from './footer';
import { Navbar } from './navbar';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:btn"
      >
        Skip to content
      </a>
      <Navbar />
      {navigation.state === 'loading' && (
        <progress
          className="progress progress-primary fixed top-0 z-40 h-1 w-full"
          aria-label="Loading page"
        />
      )}
      {/* At least a screen high: the footer starts below the fold, so pages that fill in as
          their data arrives do not push it down in view (layout shift). */}
      <main id="main" className="min-h-svh flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
