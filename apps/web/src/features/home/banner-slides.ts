import { paths } from '../../lib/paths.ts';

/**
 * A banner slide: text-free art with the words drawn over it as HTML from the catalogues, so each
 * language needs its catalogue only (decision 098).
 */
export interface BannerSlide {
  /** The picture behind the words; it draws no text. */
  art: string;
  /** Message ids of the headline, the line under it and the call to action. */
  title: string;
  text: string;
  action: string;
  /** The call to action's colours, picked to suit the art. */
  actionClass: string;
  href: string;
}

/** Every banner picture is 1200 x 400 (3:1); the slide keeps that shape from the small breakpoint up. */
export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 400;

const onDarkArt = 'bg-amber-400 text-gray-950';

export const normalSlides: BannerSlide[] = [
  {
    art: '/images/banners/mobile-recharge.svg',
    title: 'home.banner.mobileRecharge.title',
    text: 'home.banner.mobileRecharge.text',
    action: 'home.banner.mobileRecharge.action',
    actionClass: onDarkArt,
    href: paths.service('recharge', 'Mobile Prepaid'),
  },
  {
    art: '/images/banners/utility-bills.svg',
    title: 'home.banner.utilityBills.title',
    text: 'home.banner.utilityBills.text',
    action: 'home.banner.utilityBills.action',
    actionClass: onDarkArt,
    href: paths.service('utilities', 'Electricity'),
  },
  {
    art: '/images/banners/fastag-dth.svg',
    title: 'home.banner.fastagDth.title',
    text: 'home.banner.fastagDth.text',
    action: 'home.banner.fastagDth.action',
    actionClass: onDarkArt,
    href: paths.service('recharge', 'Fastag'),
  },
  {
    art: '/images/banners/secure-payments.svg',
    title: 'home.banner.securePayments.title',
    text: 'home.banner.securePayments.text',
    action: 'home.banner.securePayments.action',
    actionClass: onDarkArt,
    href: paths.services,
  },
];

/** Shown instead of the normal banner during the festival window. */
export const festivalSlide: BannerSlide = {
  art: '/images/banners/festival.svg',
  title: 'home.banner.festival.title',
  text: 'home.banner.festival.text',
  action: 'home.banner.festival.action',
  actionClass: 'bg-white text-orange-800',
  href: paths.services,
};
