import { paths } from '../../lib/paths.ts';

export interface BannerSlide {
  src: string;
  alt: string;
  href: string;
}

/** Every banner image is 1200 x 400 (3:1). */
export const BANNER_WIDTH = 1200;
export const BANNER_HEIGHT = 400;

export const normalSlides: BannerSlide[] = [
  {
    src: '/images/banners/mobile-recharge.svg',
    alt: 'Recharge any mobile in seconds: pick your plan and pay',
    href: paths.service('recharge', 'Mobile Prepaid'),
  },
  {
    src: '/images/banners/utility-bills.svg',
    alt: 'Pay electricity, water and gas bills before the due date',
    href: paths.service('utilities', 'Electricity'),
  },
  {
    src: '/images/banners/fastag-dth.svg',
    alt: 'FASTag and DTH recharges without the queue',
    href: paths.service('recharge', 'Fastag'),
  },
  {
    src: '/images/banners/secure-payments.svg',
    alt: 'Fast, safe and secure payments on Bharat Connect',
    href: paths.services,
  },
];

/** Shown instead of the normal banner during the festival window. */
export const festivalSlide: BannerSlide = {
  src: '/images/banners/festival.svg',
  alt: 'Happy Ganesh Chaturthi from Erti Pay: pay your festival bills with ease',
  href: paths.services,
};
