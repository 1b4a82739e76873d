import { paths } from '../../lib/paths.ts';

export interface BannerSlide {
  src: string;
  /** The message id of the picture's text alternative. */
  altId: string;
  href: string;
}

/** Every banner image is 1200 x 400 (3:1). */
export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 400;

export const normalSlides: BannerSlide[] = [
  {
    src: '/images/banners/mobile-recharge.svg',
    altId: 'home.banner.mobileRecharge',
    href: paths.service('recharge', 'Mobile Prepaid'),
  },
  {
    src: '/images/banners/utility-bills.svg',
    altId: 'home.banner.utilityBills',
    href: paths.service('utilities', 'Electricity'),
  },
  {
    src: '/images/banners/fastag-dth.svg',
    altId: 'home.banner.fastagDth',
    href: paths.service('recharge', 'Fastag'),
  },
  {
    src: '/images/banners/secure-payments.svg',
    altId: 'home.banner.securePayments',
    href: paths.services,
  },
];

/** Shown instead of the normal banner during the festival window. */
export const festivalSlide: BannerSlide = {
  src: '/images/banners/festival.svg',
  altId: 'home.banner.festival',
  href: paths.services,
};
