import { type ComponentType, type ReactNode, Suspense, use } from 'react';
import { matchRoutes, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary, ScreenCodeNotLoaded } from '../components/layout/error-boundary.tsx';
import { showNamespaces } from '../lib/i18n/site-messages.ts';
import { withData } from '../lib/with-data.tsx';
import { AppLayout } from './layout/app-layout.tsx';

interface Screen {
  path: string;
  /** The screen's file, `app/routes/<file>.tsx` exporting `Component`: each its own lazily loaded chunk. */
  file: string;
  /**
   * The catalogue namespaces its code reads beyond the shell's (lib/i18n/namespaces.ts), fetched with
   * its code (decision 120); screen-namespaces.test.ts checks them against the code.
   */
  namespaces?: string[];
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

/** Every path of the spec's route table, My Bills and My complaints (exported for their namespaces' test). */
export const screens: Screen[] = [
  { path: '/', file: 'home', withoutData: true, namespaces: ['home'] },
  { path: '/footer', file: 'frame-part', hideHeader: true },
  { path: '/services', file: 'services', namespaces: ['bills', 'payments', 'services'] },
  {
    path: '/services/:category/:subcategory',
    file: 'service',
    namespaces: ['api-errors', 'bills', 'my-bills', 'payments', 'recharge', 'services'],
  },
  {
    path: '/services/:category/:billerCategoryName/:billerName',
    file: 'bill-entry',
    namespaces: ['api-errors', 'bills', 'payments', 'recharge'],
  },
  {
    path: '/billerdetails',
    file: 'biller-details',
    namespaces: ['api-errors', 'bills', 'my-bills', 'payments'],
  },
  { path: '/about', file: 'about', namespaces: ['legal', 'pages'] },
  { path: '/contact', file: 'contact', namespaces: ['accounts', 'api-errors', 'contact', 'legal', 'pages'] },
  {
    path: '/complaint',
    file: 'complaint',
    namespaces: ['api-errors', 'api-messages', 'complaints', 'legal', 'pages', 'payments'],
  },
  { path: '/terms', file: 'terms', hideHeader: true, namespaces: ['legal', 'pages'] },
  { path: '/privacy', file: 'privacy', hideHeader: true, namespaces: ['legal', 'pages'] },
  { path: '/education', file: 'education', namespaces: ['payments', 'recharge'] },
  { path: '/nav', file: 'frame-part', hideFooter: true },
  { path: '/login', file: 'login', namespaces: ['accounts', 'api-errors'] },
  { path: '/signup', file: 'signup', namespaces: ['accounts', 'api-errors'] },
  { path: '/register', file: 'signup', namespaces: ['accounts', 'api-errors'] },
  { path: '/forgotPassword', file: 'forgot-password', namespaces: ['accounts', 'api-errors'] },
  { path: '/delete-account', file: 'delete-account', namespaces: ['accounts', 'api-errors'] },
  { path: '/payment-selection', file: 'payment-selection', namespaces: ['api-errors', 'bills', 'payments'] },
  { path: '/profile', file: 'profile', namespaces: ['accounts', 'api-errors'] },
  { path: '/txn', file: 'txn', namespaces: ['payments'] },
  { path: '/bbps', file: 'bbps', namespaces: ['api-errors', 'payments'] },
  { path: '/payment-success', file: 'payment-success', namespaces: ['payments'] },
  { path: '/payment-failure', file: 'payment-failure', namespaces: ['payments'] },
  { path: '/phonepe/status/:transactionId', file: 'phonepe-status', namespaces: ['payments'] },
  // The same status screen for the other gateways' payments (PayU's pending): not under /phonepe/ (decision 111).
  { path: '/payment-status/:transactionId', file: 'phonepe-status', namespaces: ['payments'] },
  { path: '/receipt/:orderId', file: 'receipt', namespaces: ['api-errors', 'bills', 'payments'] },
  {
    path: '/merchant',
    file: 'merchant',
    namespaces: ['api-errors', 'api-messages', 'complaints', 'merchant', 'my-bills', 'payments'],
  },
  { path: '/my-bills', file: 'my-bills', namespaces: ['api-errors', 'bills', 'my-bills', 'payments'] },
  {
    path: '/my-complaints',
    file: 'my-complaints',
    namespaces: ['api-errors', 'api-messages', 'complaints', 'payments'],
  },
  { path: '*', file: 'not-found' },
];

/**
 * The screen's code and its catalogue namespaces, fetched together; but for the home page, under the
 * data layer's provider, its code and the data layer's fetched together (decision 096).
 */
function loadScreen(screen: Screen): Promise<ScreenModule> {
  const load = screenCode[`./routes/${screen.file}.tsx`];
  if (!load) return Promise.reject(new Error(`No screen app/routes/${screen.file}.tsx`));
  const code = screen.withoutData
    ? load()
    : withData(() => load().then((module) => module.Component)).then((Component) => ({ Component }));
  const loaded = Promise.all([code, showNamespaces(screen.namespaces ?? [])]).then(([module]) => module);
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
 * The source file of the screen at `pathname`, whether it loads the data layer and its catalogue
 * namespaces: the build lists their chunks in the prerendered page, so they are fetched beside the entry (decision 093).
 */
export function screenSourceAt(
  pathname: string,
): { file: string; withData: boolean; namespaces: string[] } | undefined {
  const screen = screenAt(pathname);
  return (
    screen && {
      file: `src/app/routes/${screen.file}.tsx`,
      withData: !screen.withoutData,
      namespaces: screen.namespaces ?? [],
    }
  );
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
