import { type SiteConfig, SUPPORT_HOURS, siteConfigSchema } from '@erti/contracts';
import { type Config, surfaceOn } from '../../config.ts';
import type { AppDeps, AppModule } from '../module.ts';

/**
 * The site configuration: contact facts, the time-boxed promotions (the spec's 2025 windows, in
 * IST) and the biller logo store. One place, so the contact page, footer and home read the same.
 */
export function siteConfigFor(config: Config): SiteConfig {
  return {
    logoBaseUrl: config.LOGO_BASE_URL ?? `${config.SANDBOX_URL}/logos`,
    supportEmail: config.SUPPORT_EMAIL,
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
    promotions: {
      festivalBanner: { from: '2025-08-26T17:30:00+05:30', to: '2025-08-28T17:00:00+05:30' },
      promoVideo: { from: '2025-03-13T00:00:00+05:30', to: '2025-03-15T14:00:00+05:30' },
      festivalImage: { from: '2025-01-13T00:00:00+05:30', to: '2025-01-16T14:00:00+05:30' },
    },
    testPayments: surfaceOn(config, 'TEST_PAYMENTS'),
  };
}

export function createSiteModule(deps: AppDeps): AppModule {
  const siteConfig = siteConfigFor(deps.config);
  return {
    name: 'site',
    routes: async (app) => {
      app.get(
        '/site-config',
        { schema: { tags: ['site'], response: { 200: siteConfigSchema } } },
        async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(siteConfig),
      );
    },
  };
}
