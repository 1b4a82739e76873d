import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes, loadScreenAt } from './app/router.tsx';
import { loadMessages, type Messages } from './lib/i18n/catalogues.ts';
import { deviceLanguage } from './lib/i18n/device-language.ts';
import { LanguageProvider } from './lib/i18n/language-provider.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const language = deviceLanguage();

/**
 * The pseudo-locale of the catalogue checks (decision 087): only in a build made with
 * `VITE_PSEUDO_LOCALE=true` (the constant false elsewhere drops this code), on `?pseudo`.
 */
const pseudo =
  import.meta.env.VITE_PSEUDO_LOCALE === 'true' && new URLSearchParams(location.search).has('pseudo');

async function messagesToShow(): Promise<Messages> {
  if (!pseudo) return loadMessages(language);
  const [{ pseudoMessages }, english] = await Promise.all([
    import('./lib/i18n/pseudo.ts'),
    loadMessages('en'),
  ]);
  return pseudoMessages(english as Parameters<typeof pseudoMessages>[0]);
}

/** A transition, as React Router's navigations are: React renders it in slices between other work. */
function render(messages: Messages) {
  startTransition(() => {
    createRoot(root as HTMLElement).render(
      <StrictMode>
        <LanguageProvider language={pseudo ? 'en' : language} messages={messages}>
          <Providers>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </Providers>
        </LanguageProvider>
      </StrictMode>,
    );
  });
}

// The screen's code and the language's messages first, so the first render draws the whole page
// without waiting; a screen whose code failed to load renders the error screen, and messages that
// failed to load leave the ids showing rather than a blank page.
const screen = loadScreenAt(window.location.pathname).catch(() => undefined);
Promise.all([messagesToShow().catch((): Messages => ({})), screen]).then(([messages]) => render(messages));

// The service worker and the offline and update notices wait until the page has loaded (decision 081).
window.addEventListener('load', () => {
  void import('./features/offline/start.tsx').then((offline) => offline.startOfflineSupport());
});
