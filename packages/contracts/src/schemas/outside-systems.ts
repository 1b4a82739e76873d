import { z } from 'zod';
import { GATEWAYS } from '../gateways/gateways.ts';

/** The outside systems the api calls: the bill network (`bbps`), each payment gateway and the mail server. */
export const OUTSIDE_SYSTEMS = ['bbps', ...GATEWAYS, 'mail'] as const;
export const outsideSystemSchema = z.enum(OUTSIDE_SYSTEMS);
export type OutsideSystem = z.infer<typeof outsideSystemSchema>;

/**
 * How a call to an outside system ended: it answered (`ok`), it refused the request (an HTTP 4xx, or a
 * mail server's permanent 5xx), or it could not be asked (a timeout, a 5xx, unreachable, unreadable).
 */
export const outsideCallOutcomeSchema = z.enum(['ok', 'refused', 'unavailable']);
export type OutsideCallOutcome = z.infer<typeof outsideCallOutcomeSchema>;

/**
 * What this replica knows of an outside system from its own calls (decision 110): `up` once it answers
 * (even a refusal is an answer), `down` after calls in a row that could not be made, `unknown` before
 * any call.
 */
export const outsideSystemStateSchema = z.enum(['up', 'down', 'unknown']);
export type OutsideSystemState = z.infer<typeof outsideSystemStateSchema>;

/** One outside system in `GET /api/health`: its state, since when, and its last call (ISO times). */
export const outsideSystemReportSchema = z.object({
  state: outsideSystemStateSchema,
  since: z.string().nullable(),
  lastCallAt: z.string().nullable(),
  lastOutcome: outsideCallOutcomeSchema.nullable(),
});
export type OutsideSystemReport = z.infer<typeof outsideSystemReportSchema>;

export const outsideSystemsReportSchema = z.record(outsideSystemSchema, outsideSystemReportSchema);
export type OutsideSystemsReport = z.infer<typeof outsideSystemsReportSchema>;

/**
 * `GET /api/status`: what the site tells every customer, polled by the web's banner: whether the bill
 * network can be reached now. Answered from memory, never stored.
 */
export const siteStatusResponseSchema = z.object({ billNetwork: outsideSystemStateSchema });
export type SiteStatusResponse = z.infer<typeof siteStatusResponseSchema>;
