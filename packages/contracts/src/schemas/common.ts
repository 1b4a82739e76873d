import { z } from 'zod';
import { PHONE_LENGTH } from '../constants.ts';

/** The spec's simple e-mail pattern. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, 'Invalid email');
export const phoneSchema = z
  .string()
  .regex(new RegExp(`^\\d{${PHONE_LENGTH}}$`), `Phone number must be exactly ${PHONE_LENGTH} digits`);
/** A plain `{ message }` answer, the shape most of the spec's calls use. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The one error body the api returns for every 4xx and 5xx. */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  code: z.string().optional(),
  requestId: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
