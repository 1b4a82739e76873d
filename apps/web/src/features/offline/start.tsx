import { registerSW } from 'virtual:pwa-register';
import { createRoot } from 'react-dom/client';
import { InSiteLanguage } from '../../lib/i18n/language-provider.tsx';
import { showNamespaces } from '../../lib/i18n/site-messages.ts';
import { ConnectionNotices } from './connection-notices.tsx';

/** A page left open for days still hears of a new release: the browser itself checks on navigations only. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Installs the service worker (decision 081) and shows the offline and "Update available" notices in a
 * root of their own, beside the app's. Loaded after the page (main.tsx), so none of it is in the first
 * JavaScript.
 */
export function startOfflineSupport(): void {
  const host = document.createElement('div');
  document.body.append(host);
  const notices = createRoot(host);
  // Their words come as their code does, after the page has loaded (decision 120); should they not
  // come, the notices still come, showing their ids.
  void showNamespaces(['offline'])
    .catch(() => undefined)
    .then(() =>
      notices.render(
        <InSiteLanguage>
          <ConnectionNotices />
        </InSiteLanguage>,
      ),
    );
  if (!import.meta.env.PROD) return;
  const update = registerSW({
    onNeedRefresh: () =>
      notices.render(
        <InSiteLanguage>
          <ConnectionNotices onUpdate={() => update()} />
        </InSiteLanguage>,
      ),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
}
