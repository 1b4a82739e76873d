import { isLanguage, type Language, localeByLanguage } from '@erti/contracts/languages';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { replayEarlyInput } from './app/early-input.ts';
import { Providers } from './app/providers.tsx';
import { AppRoutes, loadScreenAt } from './app/router.tsx';
import { loadNamespaces, type Messages } from './lib/i18n/catalogues.ts';
import { chosenLanguage, deviceLanguage } from './lib/i18n/device-language.ts';
import { LanguageProvider } from './lib/i18n/language-provider.tsx';
import { SHELL_NAMESPACES } from './lib/i18n/namespaces.ts';
import { startSiteMessages } from './lib/i18n/site-messages.ts';
import './index.css';
// Each script's fonts, from contracts' language entries (build/language-fonts.ts).
import 'virtual:language-fonts.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

/**
 * The pseudo-locale of the catalogue checks (decision 087): only in a build made with
 * `VITE_PSEUDO_LOCALE=true` (the constant false elsewhere drops this code), on `?pseudo`.
 */
const pseudo =
  import.meta.env.VITE_PSEUDO_LOCALE === 'true' && new URLSearchParams(location.search).has('pseudo');

/**
 * A prerendered public page (decision 092) is hydrated in the language the api picked for it (its
 * `<html lang>`: the device's cookie, else the browser's languages), so the markup matches. The empty
 * app shell (every other route, and the service worker's offline fallback) is rendered in the device's
 * language, and so is a page that came in another language than the device chose (its cookie lost).
 */
const pageLanguage = document.documentElement.lang;
const chosen = chosenLanguage();
const hydrating =
  root.hasChildNodes() &&
  !pseudo &&
  isLanguage(pageLanguage) &&
  (chosen === undefined || chosen === pageLanguage);
const language: Language = hydrating ? (pageLanguage as Language) : deviceLanguage();

/**
 * The shell's namespaces in the site's language (the screen's come with its code, router.tsx); in the
 * pseudo-locale, English's, accented.
 */
function messagesToShow(): Promise<Messages> {
  if (!pseudo) return startSiteMessages(language, SHELL_NAMESPACES);
  return startSiteMessages('en', SHELL_NAMESPACES, async (_language, namespaces) => {
    const [{ pseudoMessages }, english] = await Promise.all([
      import('./lib/i18n/pseudo.ts'),
      loadNamespaces('en', namespaces),
    ]);
    return pseudoMessages(english as Parameters<typeof pseudoMessages>[0]);
  });
}

let markedLive: () => void = () => {};
const live = new Promise<void>((resolve) => {
  markedLive = resolve;
});

/**
 * Marks `<html data-live>` once React has drawn or hydrated the page, its content and not only the
 * root (it is drawn inside AppRoutes' Suspense boundary; the e2e journeys wait for it),
 * then gives React what a prerendered page's customer typed and pressed before (decision 118), once
 * every effect of this first render has run. Draws nothing, so hydration is unchanged.
 */
function MarkLive() {
  useEffect(() => {
    document.documentElement.dataset.live = '';
    markedLive();
    setTimeout(replayEarlyInput);
  }, []);
  return null;
}

/** The same tree as app/prerender.tsx renders at build time (plus MarkLive), with the browser's router. */
function app(messages: Messages) {
  return (
    <StrictMode>
      <LanguageProvider language={pseudo ? 'en' : language} messages={messages}>
        <Providers>
          <BrowserRouter>
            <AppRoutes>
              <MarkLive />
            </AppRoutes>
          </BrowserRouter>
        </Providers>
      </LanguageProvider>
    </StrictMode>
  );
}

/** A transition, as React Router's navigations are: React renders it in slices between other work. */
function render(messages: Messages) {
  startTransition(() => {
    if (hydrating) hydrateRoot(root as HTMLElement, app(messages));
    else createRoot(root as HTMLElement).render(app(messages));
  });
}

// The shell's messages and the screen's code with its own messages first, so the first render draws
// the whole page without waiting; a screen whose code failed to load renders the error screen, and
// messages that failed to load leave the ids showing rather than a blank page.
const messages = messagesToShow().catch((): Messages => ({}));
const screen = loadScreenAt(window.location.pathname).catch(() => undefined);
// The browser reads its locale data on the first Intl object of a page (tens of milliseconds on a
// slow phone, in one piece): done now, while the screen's code is on its way, rather than inside
// the first render, where react-intl would make it the longest task of hydration.
new Intl.NumberFormat(localeByLanguage[language]);
Promise.all([messages, screen]).then(([shown]) => render(shown));

// The service worker and the offline and update notices wait until the page has loaded (decision 081)
// and is live: on a slow phone their code took the network and the main thread from the hydration
// (decision 121). A prerendered page starts this code after its first paint, maybe after `load`.
const loaded = new Promise((resolve) => {
  if (document.readyState === 'complete') resolve(undefined);
  else window.addEventListener('load', resolve, { once: true });
});
Promise.all([loaded, live]).then(() =>
  import('./features/offline/start.tsx').then((offline) => offline.startOfflineSupport()),
);
