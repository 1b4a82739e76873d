import { SITE_FACTS, type SiteConfig, siteConfigSchema } from '@erti/contracts';
import { type Config, surfaceOn } from '../../config.ts';
import type { AppDeps, AppModule } from '../module.ts';

/**
 * The site configuration: the facts every deployment shares (`SITE_FACTS`, which the web build also
 * draws into the prerendered pages, decision 119) and what this deployment sets. One place, so the
 * contact page, footer and home read the same.
 */
export function siteConfigFor(config: Config): SiteConfig {
  return {
    ...SITE_FACTS,
    logoBaseUrl: config.LOGO_BASE_URL ?? `${config.SANDBOX_URL}/logos`,
    supportEmail: config.SUPPORT_EMAIL,
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
