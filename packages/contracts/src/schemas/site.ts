import { z } from 'zod';
import { outsideSystemsReportSchema } from './outside-systems.ts';

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
  /** Whether the test payment page (`/bbps`) is offered: off in production unless an operator turns it on. */
  testPayments: z.boolean(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/**
 * The biller catalogue as `GET /api/health` reports it: how many billers we offer, when the last
 * complete synchronisation with the bill network began (null: none has finished yet) and whether
 * one is under way. On the very first start the catalogue is empty until that first sync ends.
 */
export const catalogueStateSchema = z.object({
  billers: z.number().int().nonnegative(),
  lastSyncAt: z.string().nullable(),
  syncing: z.boolean(),
});
export type CatalogueState = z.infer<typeof catalogueStateSchema>;

/**
 * `GET /api/health`; `catalogue` is null while the database cannot be read. `status` is this replica's
 * (its database); `outside` says what this replica knows of each outside system (decision 110).
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), reachable: z.boolean() }),
  catalogue: catalogueStateSchema.nullable(),
  outside: outsideSystemsReportSchema,
  uptimeSeconds: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** `GET /api/health/live`: the process answers. */
export const livenessResponseSchema = z.object({
  status: z.literal('live'),
  uptimeSeconds: z.number(),
});
export type LivenessResponse = z.infer<typeof livenessResponseSchema>;

/**
 * What `GET /api/health/ready` checks before a load balancer may send this replica requests: the
 * database answers, every migration is applied, the catalogue has been loaded (a first sync with
 * the bill network has ended) and the process is accepting requests (not shutting down).
 */
export const READINESS_CHECKS = ['database', 'migrations', 'catalogue', 'accepting'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/** `GET /api/health/ready`: each check passed or not (unknown counts as not), and the ones that did not. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({
    database: z.boolean(),
    migrations: z.boolean(),
    catalogue: z.boolean(),
    accepting: z.boolean(),
  }),
  failed: z.array(z.enum(READINESS_CHECKS)),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
