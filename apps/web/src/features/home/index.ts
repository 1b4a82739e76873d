export { festivalSlide, normalSlides } from './banner-slides.ts';
export { DownloadApp } from './components/download-app.tsx';
export { FestivalImage } from './components/festival-image.tsx';
export { HeroBanner } from './components/hero-banner.tsx';
export { QuickLinks } from './components/quick-links.tsx';
export { activePromotions, isWithin } from './promotions.ts';
