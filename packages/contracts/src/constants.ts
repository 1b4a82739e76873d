import type { SiteConfig } from './schemas/site.ts';

/** Business constants and limits of spec section 9. */
export const BRAND = 'Erti Pay';
export const PHONE_LENGTH = 10;
export const MINIMUM_AGE = 18;
export const OTP_RESEND_WAIT_SECONDS = 30;
export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_WRONG_TRIES = 5;
export const REDIRECT_AFTER_AUTH_MS = 3000;
export const REDIRECT_AFTER_DELETION_MS = 1000;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_DRAG_PERCENT = 0.8;
export const SHORT_TOAST_MS = 3000;
export const STATUS_POLL_MS = 5000;
export const BANNER_ADVANCE_MS = 3000;
export const PLAN_DESCRIPTION_CUT = 100;
export const PLAN_DESCRIPTION_VIEW_MORE_WORDS = 20;
export const PLAN_TABLE_HEIGHT_HOME_PX = 450;
export const PLAN_TABLE_HEIGHT_BILL_ENTRY_PX = 400;
export const OPERATOR_DROPDOWN_MAX_HEIGHT_PX = 150;
export const SERVICE_STRIP_ITEM_PX = 120;
export const SERVICE_STRIP_RESERVED_PX = 100;
export const PROFILE_IMAGE_SIZE_PX = 300;
export const PROFILE_IMAGE_QUALITY = 0.8;
export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const CURRENCY = 'INR';
export const PAYMENT_MODE_WEBSITE = 'website';
export const BILL_REQUEST_CHANNEL_ID = 1;
export const INITIATING_CHANNEL = 'INT';
export const MOBILE_PREPAID = 'Mobile Prepaid';
export const EDUCATION_FEES = 'Education Fees';
export const REFUND_TURNAROUND_WORKING_DAYS = 21;
export const MERCHANT_REFUND_WINDOW_DAYS = 5;
export const FAILED_PAYMENT_REFUND_DAYS = 2;
export const APP_DEEP_LINK_FALLBACK_MS = 2000;
export const SUPPORT_HOURS = 'Monday-Friday 10am-6pm';
export const COPYRIGHT_YEAR = 2025;
export const LOGO_EXTENSIONS = ['png', 'jpg', 'webp', 'jpeg'] as const;
/** Largest profile picture or complaint screenshot accepted, in bytes of decoded image. */
export const MAX_IMAGE_BYTES = 512 * 1024;
export const MIN_PASSWORD_LENGTH = 8;
/** Longest name a profile keeps; the name inputs stop there, so the server never has to refuse one. */
export const MAX_NAME_LENGTH = 100;

/** Local storage keys of spec section 3. */
export const SESSION_STORAGE_KEY = 'ertiUser';
export const USER_DATA_STORAGE_KEY = 'ertiUserData';

/**
 * The one inline script of the prerendered pages (decision 092), in their head; the page's
 * Content-Security-Policy allows exactly this text, by its hash. Before the first paint it marks
 * `<html data-session>` when a session is stored, so the page keeps room for what a signed-in customer
 * sees after hydration. At the first paint of content (else once the page is parsed and drawn, where
 * no paint is reported) it starts the JavaScript (decision 121), which the build names in
 * `<link rel="erti-entry">` and `<link rel="erti-preload">` rather than in tags the browser would fetch at
 * once: the page is drawn by its HTML, and on a slow network the JavaScript would share the first
 * round trips with it and the largest picture (decision 093).
 *
 * Until React has the page (`<html data-live>`, set by main.tsx) the page works as far as its HTML can,
 * and what the customer does is kept for React (decision 118, replacing 094's holding back): typing
 * goes into the fields, and each field's last value is kept in `window.ertiEarly.typed`, which
 * main.tsx types again once live (hydration keeps the DOM's value but not the form's state); a press
 * on a button, a check box or a radio button, or a form's submission, is cancelled (no native
 * submission, no half-done toggle) and the last one kept in `window.ertiEarly.press`, which main.tsx
 * presses again once live. Links stay links, and a control marked `data-works-early` (the language
 * switch, which applies an early choice once live) is left alone.
 */
export const PRERENDERED_PAGE_SCRIPT =
  `try{localStorage.getItem('${SESSION_STORAGE_KEY}')&&(document.documentElement.dataset.session='')}catch(e){}` +
  'const early=window.ertiEarly={typed:new Map(),press:null};' +
  "const waiting=(e)=>!('live' in document.documentElement.dataset)&&e.target instanceof Element&&!e.target.closest('[data-works-early]');" +
  "document.addEventListener('input',(e)=>{waiting(e)&&early.typed.set(e.target,e.target.value)},true);" +
  "const hold=(e)=>{const c=waiting(e)&&e.target.closest(e.type==='submit'?'form':" +
  "'button,input:is([type=checkbox],[type=radio],[type=submit],[type=button],[type=image],[type=reset])');" +
  'if(c){e.preventDefault();e.stopImmediatePropagation();early.press=c}};' +
  "document.addEventListener('click',hold,true);document.addEventListener('submit',hold,true);" +
  'let started=0;const start=()=>{if(started++)return;' +
  "for(const l of document.querySelectorAll('link[rel=erti-entry],link[rel=erti-preload]')){" +
  "const e=l.rel==='erti-entry'?Object.assign(document.createElement('script'),{type:'module',src:l.href})" +
  ":Object.assign(document.createElement('link'),{rel:'modulepreload',href:l.href});" +
  "e.crossOrigin='';document.head.append(e)}};" +
  "new PerformanceObserver((l)=>{l.getEntriesByName('first-contentful-paint').length&&start()}).observe({type:'paint'});" +
  "document.addEventListener('DOMContentLoaded',()=>requestAnimationFrame(()=>setTimeout(start)))";

/**
 * A bill-entry page (`/services/<group>/<service>/<biller>`) is prerendered once per service with this
 * in the biller's name (decision 097); the api writes the address's biller name in its place. Two
 * private-use characters around a word: nothing else on a page has them, and the logo's letter (the
 * name's first character, upper-cased) is the first of them alone.
 */
export const BILLER_NAME_SLOT = '\uE000biller\uE001';

/**
 * The site configuration's facts that are the same on every deployment (decision 119): the api's
 * `GET /site-config` answers them, and the web build draws them into the prerendered pages (the
 * footer's tax number, the contact page's numbers and addresses). What a deployment sets (support
 * e-mail, logo store, test payments) the api writes into each prerendered page it serves.
 */
export const SITE_FACTS = {
  whatsappNumber: '+91 90030 12345',
  callNumber: '+91 44 4567 8900',
  supportHours: SUPPORT_HOURS,
  registeredAddress: 'No. 12, 3rd Floor, Anna Salai, Teynampet, Chennai, Tamil Nadu 600018',
  headquartersAddress: '45 Omalur Main Road, Swarnapuri, Salem, Tamil Nadu 636004',
  companyRegistrationNumber: 'CIN U66190TN2023PTC158921',
  taxRegistrationNumber: 'GSTIN 33AAHCE4521K1Z7',
  socialLinks: [
    { name: 'Facebook', url: 'https://www.facebook.com/ertipay' },
    { name: 'Instagram', url: 'https://www.instagram.com/ertipay' },
    { name: 'X', url: 'https://x.com/ertipay' },
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/ertipay' },
  ],
  // The spec's 2025 windows, in IST.
  promotions: {
    festivalBanner: { from: '2025-08-26T17:30:00+05:30', to: '2025-08-28T17:00:00+05:30' },
    promoVideo: { from: '2025-03-13T00:00:00+05:30', to: '2025-03-15T14:00:00+05:30' },
    festivalImage: { from: '2025-01-13T00:00:00+05:30', to: '2025-01-16T14:00:00+05:30' },
  },
} satisfies Omit<SiteConfig, 'supportEmail' | 'logoBaseUrl' | 'testPayments'>;

/** The element of a prerendered page whose text is the site configuration, as JSON (decision 119). */
export const SITE_CONFIG_ELEMENT_ID = 'erti-site-config';

/**
 * What the api writes into each prerendered page it serves (decision 119): the whole site
 * configuration as JSON (in the element above), and each text a deployment sets where the page shows
 * it. Two private-use characters around a word, not the biller name's (decision 097).
 */
export const SITE_CONFIG_SLOTS = {
  json: '\uE002json\uE003',
  supportEmail: '\uE002supportEmail\uE003',
  logoBaseUrl: '\uE002logoBaseUrl\uE003',
} as const;

/** The letter a biller's logo shows when it has no picture: its name's first character, upper-cased. */
export const logoLetterOf = (billerName: string) => billerName.trim().charAt(0).toUpperCase();
