/**
 * The service worker (decision 081), built by vite-plugin-pwa into `/sw.js`: the app shell and this
 * release's hashed files from the precache, pages from the network with the shell as the offline
 * fallback, and receipts the customer opens saved for offline. Nothing else from the api is touched.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { isReceiptCall, ownerOf, savedReceiptKey } from './lib/saved-receipts.ts';
import { SAVED_RECEIPTS_CACHE } from './lib/saved-receipts-cache.ts';

declare const self: ServiceWorkerGlobalScope;

// Pages, `/` among them, go by the navigation route below, not straight to the precached shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

// A new version waits until the customer presses "Update now" (features/offline/update-prompt.tsx):
// swapped unasked, it could reload the page under a half-filled form.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first version takes the open page at once, so receipts opened on the first visit are saved too.
clientsClaim();

/**
 * Pages come from the network (they may be rendered for the page, and index.html is never cached by the
 * browser); without one, or after 10 s of a network that does not answer, the precached app shell.
 */
const pages = new NetworkOnly({ networkTimeoutSeconds: 10 });
const appShell = createHandlerBoundToURL('index.html');
registerRoute(
  new NavigationRoute((options) => pages.handle(options).catch(() => appShell(options)), {
    denylist: [/^\/api\//, /^\/metrics$/],
  }),
);

/** Receipts are saved per session (lib/saved-receipts.ts): the key names the token's hash, not the token. */
const savedReceipts = new NetworkFirst({
  cacheName: SAVED_RECEIPTS_CACHE,
  plugins: [
    {
      cacheKeyWillBeUsed: async ({ request }) => {
        // The stored session's token, as the transactions list names the owner when it reads them back.
        const token = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
        return savedReceiptKey(new URL(request.url).pathname, await ownerOf(token));
      },
    },
  ],
});

registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && isReceiptCall(request.method, url.pathname, request.headers),
  savedReceipts,
);
