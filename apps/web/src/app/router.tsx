import { type ComponentType, type ReactNode, Suspense, use } from 'react';
import { matchRoutes, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary, ScreenCodeNotLoaded } from '../components/layout/error-boundary.tsx';
import { withData } from '../lib/with-data.tsx';
import { AppLayout } from './layout/app-layout.tsx';

interface Screen {
  path: string;
  /** The screen's file, `app/routes/<file>.tsx` exporting `Component`: each its own lazily loaded chunk. */
  file: string;
  /** The home page's first JavaScript goes without the data layer (decision 096); every other screen fetches. */
  withoutData?: true;
  hideHeader?: boolean;
  hideFooter?: boolean;
}

type ScreenModule = { Component: ComponentType };

/** Every screen's code, by file. */
const screenCode = import.meta.glob<ScreenModule>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
  // A part of the biller details screen, in its chunk.
  '!./routes/open-my-bill.tsx',
]);

/** Every path of the spec's route table, My Bills and My complaints. */
const screens: Screen[] = [
  { path: '/', file: 'home', withoutData: true },
  { path: '/footer', file: 'footer', hideHeader: true },
  { path: '/services', file: 'services' },
  { path: '/services/:category/:subcategory', file: 'service' },
  { path: '/services/:category/:billerCategoryName/:billerName', file: 'bill-entry' },
  { path: '/billerdetails', file: 'biller-details' },
  { path: '/about', file: 'about' },
  { path: '/contact', file: 'contact' },
  { path: '/complaint', file: 'complaint' },
  { path: '/terms', file: 'terms', hideHeader: true },
  { path: '/privacy', file: 'privacy', hideHeader: true },
  { path: '/education', file: 'education' },
  { path: '/nav', file: 'nav', hideFooter: true },
  { path: '/login', file: 'login' },
  { path: '/signup', file: 'signup' },
  { path: '/register', file: 'signup' },
  { path: '/forgotPassword', file: 'forgot-password' },
  { path: '/delete-account', file: 'delete-account' },
  { path: '/payment-selection', file: 'payment-selection' },
  { path: '/profile', file: 'profile' },
  { path: '/txn', file: 'txn' },
  { path: '/bbps', file: 'bbps' },
  { path: '/payment-success', file: 'payment-success' },
  { path: '/payment-failure', file: 'payment-failure' },
  { path: '/phonepe/status/:transactionId', file: 'phonepe-status' },
  // The same status screen for the other gateways' payments (PayU's pending): not under /phonepe/ (decision 111).
  { path: '/payment-status/:transactionId', file: 'phonepe-status' },
  { path: '/receipt/:orderId', file: 'receipt' },
  { path: '/merchant', file: 'merchant' },
  { path: '/my-bills', file: 'my-bills' },
  { path: '/my-complaints', file: 'my-complaints' },
  { path: '*', file: 'not-found' },
];

/**
 * The screen's code; but for the home page, under the data layer's provider, its code and the data
 * layer's fetched together (decision 096).
 */
function loadScreen(screen: Screen): Promise<ScreenModule> {
  const load = screenCode[`./routes/${screen.file}.tsx`];
  if (!load) return Promise.reject(new Error(`No screen app/routes/${screen.file}.tsx`));
  const loaded = screen.withoutData
    ? load()
    : withData(() => load().then((module) => module.Component)).then((Component) => ({ Component }));
  return loaded.catch((cause: unknown) => {
    // Kept until the error boundary asks again: forgotten at once, a transition's next draw would fetch
    // again, fail again offline, and the failure would never be shown.
    throw new ScreenCodeNotLoaded(cause, () => loads.delete(screen));
  });
}

const loads = new Map<Screen, Promise<ScreenModule>>();

/**
 * Fetches a screen's code once. React's `use` reads `status` and `value` off the promise it is given:
 * set as the code arrives, they let it draw a screen whose code is here at once, without suspending.
 */
function screenModule(screen: Screen): Promise<ScreenModule> {
  let load = loads.get(screen);
  if (!load) {
    const started = loadScreen(screen);
    started.then(
      (module) => Object.assign(started, { status: 'fulfilled', value: module }),
      () => {}, // `use` throws the failure to the screen's error boundary.
    );
    loads.set(screen, started);
    load = started;
  }
  return load;
}

const screenAt = (pathname: string) => matchRoutes(screens, pathname)?.[0]?.route;

/**
 * Fetches the code of the screen at `pathname`, before the first render: the layout and the screen
 * are then drawn in one render that does not wait, with the screen's code fetched beside the
 * entry's last work rather than after the layout has been rendered.
 */
export function loadScreenAt(pathname: string): Promise<unknown> {
  const screen = screenAt(pathname);
  return screen ? screenModule(screen) : Promise.resolve();
}

/**
 * The source file of the screen at `pathname` and whether it loads the data layer: the build lists
 * their chunks in the prerendered page, so they are fetched beside the entry (decision 093).
 */
export function screenSourceAt(pathname: string): { file: string; withData: boolean } | undefined {
  const screen = screenAt(pathname);
  return screen && { file: `src/app/routes/${screen.file}.tsx`, withData: !screen.withoutData };
}

/** A screen: drawn at once when its code is here, else suspended until it is. */
function ScreenAt({ screen }: { screen: Screen }) {
  const { Component } = use(screenModule(screen));
  return <Component />;
}

/**
 * The layout and the screen at the address. React Router's declarative routes rather than its data
 * router: the site has no loaders or actions, and the data router was 16 KB gzip of the first
 * JavaScript (decision 047).
 *
 * The first render has the screen's code already (main.tsx), so the first paint is the whole page
 * (a header drawn first delayed the largest paint, decision 047). Later a screen whose code is still
 * loading suspends; navigations are transitions, so the previous screen stays until it is here. The
 * empty fallback is for a render outside a transition (tests), never shown on the first paint:
 * content that replaces a fallback is held back 300 ms by React. `children` (main.tsx's MarkLive,
 * which draws nothing) are inside the boundary: a hydrated page's boundary is hydrated in a pass of
 * its own, after the root's, and their effects run only once the page itself is hydrated.
 */
export function AppRoutes({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const shown = screenAt(location.pathname);
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={null}>
        {children}
        <AppLayout hideHeader={shown?.hideHeader} hideFooter={shown?.hideFooter}>
          <ErrorBoundary resetKey={location.pathname}>
            <Routes location={location}>
              {screens.map((screen) => (
                <Route key={screen.path} path={screen.path} element={<ScreenAt screen={screen} />} />
              ))}
            </Routes>
          </ErrorBoundary>
        </AppLayout>
      </Suspense>
    </ErrorBoundary>
  );
}
