import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import {
  activePromotions,
  DownloadApp,
  FestivalImage,
  festivalSlide,
  HeroBanner,
  normalSlides,
  QuickLinks,
} from '../../features/home/index.ts';
import { ServiceIcon } from '../../features/services/components/service-icon.tsx';
import { useSiteConfigAfterFirstRender } from '../../lib/site-config-query.ts';

// Only loaded while its promotion window is open.
const PromoVideoDialog = lazy(() =>
  import('../../features/home/components/promo-video-dialog.tsx').then((module) => ({
    default: module.PromoVideoDialog,
  })),
);

const renderIcon = (icon: string) => <ServiceIcon name={icon} className="h-6 w-6" />;

/** Home: the banner (or the festival banner), the festival image, two grids of quick links and the apps. */
export function Component() {
  const site = useSiteConfigAfterFirstRender();
  const showing = activePromotions(site?.promotions, new Date());
  const { formatMessage } = useIntl();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-6">
      <h1 className="sr-only">{formatMessage({ id: 'home.title' })}</h1>
      <HeroBanner slides={showing.festivalBanner ? [festivalSlide] : normalSlides} />
      {showing.festivalImage && <FestivalImage />}
      <QuickLinks renderIcon={renderIcon} />
      <DownloadApp />
      {showing.promoVideo && (
        <Suspense fallback={null}>
          <PromoVideoDialog />
        </Suspense>
      )}
    </div>
  );
}
