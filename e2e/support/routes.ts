import type { FetchBiller } from './fetch-biller.ts';

/** The bill-entry screen of a fetch biller. */
export const billEntryPath = (biller: FetchBiller) =>
  `/services/utilities/${encodeURIComponent(biller.billerCategoryName)}/${encodeURIComponent(biller.billerName)}`;

/** Every path of apps/web/src/app/router.tsx, with real parameters where a screen takes them. */
export function routeTable(biller: FetchBiller): string[] {
  return [
    '/',
    '/footer',
    '/services',
    '/services/utilities/Electricity',
    '/services/recharge/Mobile%20Prepaid',
    '/services/more-service/Education%20Fees',
    billEntryPath(biller),
    '/billerdetails',
    '/about',
    '/contact',
    '/complaint',
    '/terms',
    '/privacy',
    '/education',
    '/nav',
    '/login',
    '/signup',
    '/register',
    '/forgotPassword',
    '/delete-account',
    '/payment-selection',
    '/profile',
    '/txn',
    '/bbps',
    '/payment-success',
    '/payment-failure',
    '/phonepe/status/EP0000000000000000000000000000000',
    '/payment-status/EP0000000000000000000000000000000',
    '/receipt/ord_doesnotexist0001',
    '/merchant',
    '/my-bills',
    '/my-complaints',
    '/no/such/page',
  ];
}
