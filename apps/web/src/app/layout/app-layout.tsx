import { type RefObject, useEffect, useRef } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';

/** A route may set `handle: { hideHeader: true }` (the legal pages hide the header). */
export interface RouteHandle {
  hideHeader?: boolean;
  hideFooter?: boolean;
}

/**
 * After moving to another screen, the focus goes to the new screen's content, where a page load
 * would start. Otherwise it stays on a navigation link (or falls to the page body when the pressed
 * control goes away), and keyboard and screen-reader users are left behind. A screen that has put
 * the focus in its own content keeps it.
 */
function useFocusOnNewScreen(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (!main.current?.contains(document.activeElement)) main.current?.focus();
  }, [pathname, main]);
}

export function AppLayout() {
  const handles = useMatches().map((match) => (match.handle ?? {}) as RouteHandle);
  const hideHeader = handles.some((handle) => handle.hideHeader);
  const hideFooter = handles.some((handle) => handle.hideFooter);
  const main = useRef<HTMLElement>(null);
  useFocusOnNewScreen(main);
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      {!hideHeader && <NavBar />}
      {/* Focusable by script only (tabIndex -1), to receive the focus on a new screen. */}
      <main id="main" ref={main} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      {!hideFooter && <Footer />}
    </div>
  );
}
