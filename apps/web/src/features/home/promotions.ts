import type { SiteConfig } from '@erti/contracts';

export type PromotionWindow = SiteConfig['promotions']['festivalBanner'];
export type Promotion = keyof SiteConfig['promotions'];

/** Whether `now` falls in the window: from its start (inclusive) to its end (exclusive). */
export function isWithin(window: PromotionWindow, now: Date): boolean {
  const from = Date.parse(window.from);
  const to = Date.parse(window.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return false;
  const time = now.getTime();
  return time >= from && time < to;
}

/** Which time-boxed promotions are showing at `now` (none until the site configuration has loaded). */
export function activePromotions(
  promotions: SiteConfig['promotions'] | undefined,
  now: Date,
): Record<Promotion, boolean> {
  return {
    festivalBanner: promotions !== undefined && isWithin(promotions.festivalBanner, now),
    promoVideo: promotions !== undefined && isWithin(promotions.promoVideo, now),
    festivalImage: promotions !== undefined && isWithin(promotions.festivalImage, now),
  };
}
