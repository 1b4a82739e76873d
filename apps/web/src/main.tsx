import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes, loadScreenAt } from './app/router.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The same tree as app/prerender.tsx renders at build time, with the browser's router.
const app = (
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>
);

/**
 * A transition, as React Router's navigations are: React renders it in slices between other work.
 * A prerendered public page (decision 092) is hydrated; the empty app shell (every other route, and
 * the service worker's offline fallback) is rendered.
 */
function render() {
  startTransition(() => {
    if (root?.hasChildNodes()) hydrateRoot(root, app);
    else createRoot(root as HTMLElement).render(app);
  });
}

// The screen's code first, so the first render draws the whole page without waiting; a screen whose
// code failed to load renders the error screen.
loadScreenAt(window.location.pathname).then(render, render);

// The service worker and the offline and update notices wait until the page has loaded (decision 081).
// A prerendered page starts this code after its first paint, maybe after `load` (decision 093).
const startOffline = () =>
  void import('./features/offline/start.tsx').then((offline) => offline.startOfflineSupport());
if (document.readyState === 'complete') startOffline();
else window.addEventListener('load', startOffline);
