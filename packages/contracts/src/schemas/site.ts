import { z } from 'zod';

/** A time window (ISO date-times with offset) during which a promotion shows. */
export const promotionWindowSchema = z.object({ from: z.string(), to: z.string() });

/** The one site configuration the web reads: contact facts, promotions and where logos live. */
export const siteConfigSchema = z.object({
  logoBaseUrl: z.string(),
  supportEmail: z.string(),
  whatsappNumber: z.string(),
  callNumber: z.string(),
  supportHours: z.string(),
  registeredAddress: z.string(),
  headquartersAddress: z.string(),
  companyRegistrationNumber: z.string(),
  taxRegistrationNumber: z.string(),
  socialLinks: z.array(z.object({ name: z.string(), url: z.string() })),
  promotions: z.object({
    festivalBanner: promotionWindowSchema,
    promoVideo: promotionWindowSchema,
    festivalImage: promotionWindowSchema,
  }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
