import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes, loadScreenAt } from './app/router.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/** A transition, as React Router's navigations are: React renders it in slices between other work. */
function render() {
  startTransition(() => {
    createRoot(root as HTMLElement).render(
      <StrictMode>
        <Providers>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    );
  });
}

// The screen's code first, so the first render draws the whole page without waiting; a screen whose
// code failed to load renders the error screen.
loadScreenAt(window.location.pathname).then(render, render);

// The service worker and the offline and update notices wait until the page has loaded (decision 081).
window.addEventListener('load', () => {
  void import('./features/offline/start.tsx').then((offline) => offline.startOfflineSupport());
});
