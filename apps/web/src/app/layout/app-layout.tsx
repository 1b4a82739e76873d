import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigationType } from 'react-router';
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
 * After moving to another screen, the page starts at its top and the focus goes to the new screen's
 * content, where a page load would start. Otherwise the window keeps the old screen's scroll offset
 * (a new page opening partway down, its title hidden) and the focus stays on a navigation link (or
 * falls to the page body when the pressed control goes away), leaving keyboard and screen-reader
 * users behind. A screen that has put the focus in its own content keeps it. The focus does not
 * scroll (`preventScroll`): focusing `<main>` would otherwise scroll it to the top of the window
 * and hide the header. Back and forward (POP) leave the scroll to the browser's own restoration,
 * and an address with a `#fragment` leaves it to the link's target.
 */
function useFocusOnNewScreen(main: RefObject<HTMLElement | null>) {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
    if (!main.current?.contains(document.activeElement)) main.current?.focus({ preventScroll: true });
  }, [pathname, hash, navigationType, main]);
}

export function AppLayout({ children, hideHeader, hideFooter }: AppLayoutProps) {
  const main = useRef<HTMLElement>(null);
  const { formatMessage } = useIntl();
  useFocusOnNewScreen(main);
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        {formatMessage({ id: 'app.layout.skipToContent' })}
      </a>
      {!hideHeader && <NavBar />}
      {/* Focusable by script only (tabIndex -1), to receive the focus on a new screen. At least a window
          high: the footer starts below the first view, where the api's data filling in the screen above it
          (a prerendered page's billers, decision 092) cannot move it in sight. */}
      <main id="main" ref={main} tabIndex={-1} className="min-h-screen flex-1 focus:outline-none">
        {children}
      </main>
      {!hideFooter && <Footer />}
    </div>
  );
}
