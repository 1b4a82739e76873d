import { APP_DEEP_LINK_FALLBACK_MS } from '@erti/contracts/constants';
import { isMobileDevice } from './mobile-device.ts';

export const APP_HOME_LINK = 'ertipay://home';

/**
 * 'Continue Shopping': on a phone, try the Erti Pay app first and fall back to the web site after
 * 2 s if the app did not take over the screen; on a desktop go straight to the web site.
 */
export function continueShopping(goToWebSite: () => void): void {
  if (!isMobileDevice()) {
    goToWebSite();
    return;
  }
  setTimeout(() => {
    if (document.visibilityState === 'visible') goToWebSite();
  }, APP_DEEP_LINK_FALLBACK_MS);
  window.location.href = APP_HOME_LINK;
}
