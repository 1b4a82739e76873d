export { AboutContent } from './components/about-content.tsx';
export { PageBanner } from './components/page-banner.tsx';
export { PrivacyContent } from './components/privacy-content.tsx';
export { TermsContent } from './components/terms-content.tsx';
