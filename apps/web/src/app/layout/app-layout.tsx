import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Footer } from './footer.tsx';
import { NavBar } from './nav-bar.tsx';

interface AppLayoutProps {
  children: ReactNode;
  /** The legal pages (and `/footer`) show no header. */
  hideHeader?: boolean;
  /** `/nav` shows no footer. */
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

export function AppLayout({ children, hideHeader, hideFooter }: AppLayoutProps) {
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
        {children}
      </main>
      {!hideFooter && <Footer />}
    </div>
  );
}
