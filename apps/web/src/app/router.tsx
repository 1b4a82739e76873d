import { type ComponentType, Suspense, use } from 'react';
import { matchRoutes, Route, Routes, useLocation } from 'react-router';
import { ErrorBoundary } from '../components/layout/error-boundary.tsx';
import { withData } from '../lib/with-data.tsx';
import { AppLayout } from './layout/app-layout.tsx';

interface Screen {
  path: string;
  /** The screen: `app/routes/<screen>.tsx` exporting `Component`, each its own lazily loaded chunk. */
  load: () => Promise<{ Component: ComponentType }>;
  hideHeader?: boolean;
  hideFooter?: boolean;
}

type ScreenModule = { Component: ComponentType };

/**
 * A screen under the data layer's provider, its code and the data layer's fetched together. Every
 * screen but the home page fetches (or may: forms, billers, the site's facts); the home page's first
 * JavaScript goes without the data layer (decision 096).
 */
const fetching = (load: () => Promise<ScreenModule>) => async (): Promise<ScreenModule> => ({
  Component: await withData(() => load().then((module) => module.Component)),
});

/** Every path of the spec's route table, and My Bills. */
const screens: Screen[] = [
  { path: '/', load: () => import('./routes/home.tsx') },
  { path: '/footer', load: fetching(() => import('./routes/footer.tsx')), hideHeader: true },
  { path: '/services', load: fetching(() => import('./routes/services.tsx')) },
  { path: '/services/:category/:subcategory', load: fetching(() => import('./routes/service.tsx')) },
  {
    path: '/services/:category/:billerCategoryName/:billerName',
    load: fetching(() => import('./routes/bill-entry.tsx')),
  },
  { path: '/billerdetails', load: fetching(() => import('./routes/biller-details.tsx')) },
  { path: '/about', load: fetching(() => import('./routes/about.tsx')) },
  { path: '/contact', load: fetching(() => import('./routes/contact.tsx')) },
  { path: '/complaint', load: fetching(() => import('./routes/complaint.tsx')) },
  { path: '/terms', load: fetching(() => import('./routes/terms.tsx')), hideHeader: true },
  { path: '/privacy', load: fetching(() => import('./routes/privacy.tsx')), hideHeader: true },
  { path: '/education', load: fetching(() => import('./routes/education.tsx')) },
  { path: '/nav', load: fetching(() => import('./routes/nav.tsx')), hideFooter: true },
  { path: '/login', load: fetching(() => import('./routes/login.tsx')) },
  { path: '/signup', load: fetching(() => import('./routes/signup.tsx')) },
  { path: '/register', load: fetching(() => import('./routes/signup.tsx')) },
  { path: '/forgotPassword', load: fetching(() => import('./routes/forgot-password.tsx')) },
  { path: '/delete-account', load: fetching(() => import('./routes/delete-account.tsx')) },
  { path: '/payment-selection', load: fetching(() => import('./routes/payment-selection.tsx')) },
  { path: '/profile', load: fetching(() => import('./routes/profile.tsx')) },
  { path: '/txn', load: fetching(() => import('./routes/txn.tsx')) },
  { path: '/bbps', load: fetching(() => import('./routes/bbps.tsx')) },
  { path: '/payment-success', load: fetching(() => import('./routes/payment-success.tsx')) },
  { path: '/payment-failure', load: fetching(() => import('./routes/payment-failure.tsx')) },
  { path: '/phonepe/status/:transactionId', load: fetching(() => import('./routes/phonepe-status.tsx')) },
  { path: '/receipt/:orderId', load: fetching(() => import('./routes/receipt.tsx')) },
  { path: '/merchant', load: fetching(() => import('./routes/merchant.tsx')) },
  { path: '/my-bills', load: fetching(() => import('./routes/my-bills.tsx')) },
  { path: '*', load: fetching(() => import('./routes/not-found.tsx')) },
];

const loads = new Map<Screen, Promise<ScreenModule>>();

/**
 * Fetches a screen's code once. React's `use` reads `status` and `value` off the promise it is given:
 * set as the code arrives, they let it draw a screen whose code is here at once, without suspending.
 */
function screenModule(screen: Screen): Promise<ScreenModule> {
  let load = loads.get(screen);
  if (!load) {
    const started = screen.load();
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
 * content that replaces a fallback is held back 300 ms by React.
 */
export function AppRoutes() {
  const location = useLocation();
  const shown = screenAt(location.pathname);
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={null}>
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
