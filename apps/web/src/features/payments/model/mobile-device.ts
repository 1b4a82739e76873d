const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;

/** A phone or tablet: by its user agent, or a narrow touch screen (iPadOS reports a desktop agent). */
export function isMobileDevice(): boolean {
  if (MOBILE_AGENT.test(navigator.userAgent)) return true;
  const narrow = window.matchMedia?.('(max-width: 767px)').matches ?? false;
  return narrow && navigator.maxTouchPoints > 0;
}
