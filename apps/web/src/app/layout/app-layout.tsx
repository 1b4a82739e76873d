import { Outlet, useMatches } from 'react-router';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';

/** A route may set `handle: { hideHeader: true }` (the legal pages hide the header). */
export interface RouteHandle {
  hideHeader?: boolean;
  hideFooter?: boolean;
}

export function AppLayout() {
  const handles = useMatches().map((match) => (match.handle ?? {}) as RouteHandle);
  const hideHeader = handles.some((handle) => handle.hideHeader);
  const hideFooter = handles.some((handle) => handle.hideFooter);
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      {!hideHeader && <NavBar />}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      {!hideFooter && <Footer />}
    </div>
  );
}
