import { z } from 'zod';

/** Plans, circles and education coverage (spec sections 3 and 7). `amountInRupees` is what the server charges. */
export const planTagSchema = z.object({ paramName: z.string(), paramValue: z.string() });
export const planSchema = z.object({
  Id: z.string(),
  _id: z.string(),
  categoryType: z.string(),
  amountInRupees: z.number(),
  planDescription: z.string(),
  circle: z.string().optional(),
  planAdditionalInfo: z.object({ tag: z.array(planTagSchema) }),
});
export type Plan = z.infer<typeof planSchema>;

export const circlesRequestSchema = z.object({
  billerId: z.string().trim().min(1, 'billerId is required').max(40),
});
export const plansRequestSchema = z.object({
  billerId: z.string().trim().min(1, 'billerId is required').max(40),
  /** Absent: every plan of the biller (all circles, or the circle-less plans of DTH operators). */
  circle: z.string().trim().max(60).optional(),
});
/**
 * `POST /bbps/prod/education/coverage`: neither field → the coverage list (`CoverageState[]`); a state (id or
 * name) with an optional area → the Education Fees billers covering it (`Biller[]`).
 */
export const educationCoverageRequestSchema = z
  .object({
    state: z.string().trim().max(60).optional(),
    area: z.string().trim().max(100).optional(),
  })
  .refine((body) => !body.area || body.state, { message: 'Please choose a location first', path: ['state'] });
export const coverageStateSchema = z.object({ id: z.string(), name: z.string(), areas: z.array(z.string()) });
export type CoverageState = z.infer<typeof coverageStateSchema>;
