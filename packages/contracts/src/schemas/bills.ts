import { z } from 'zod';
import { paiseFieldSchema } from './common.ts';

/**
 * Billers, bill fetch, validation and saved bills (spec sections 3 and 7). Money on these calls:
 * request `amount` is integer PAISE; every `amount` in an answer is RUPEES as a string with two
 * decimals ("1234.50"), for display only: the server charges from what it stored, never from these.
 */

/** MANDATORY, OPTIONAL, NOT_SUPPORTED, or another value the network sends. */
export const requirementSchema = z.string();

export const customerParamSchema = z.object({
  paramName: z.string(),
  dataType: z.string().optional(),
  optional: z.enum(['true', 'false']),
  minLength: z.number().int().optional(),
  maxLength: z.number().int().optional(),
  regex: z.string(),
});
export type CustomerParam = z.infer<typeof customerParamSchema>;

/** A customer convenience fee slab: for amounts from minAmount to maxAmount paise (0 = no upper bound). */
export const feeSlabSchema = z.object({
  minAmount: z.number().int(),
  maxAmount: z.number().int(),
  /** Paise. */
  flatFee: z.number().int(),
  /** Percent of the amount, as a decimal string ("1.00"). */
  percentFee: z.string(),
});

/** A biller as the spec's screens read it (spec section 3), plus the payment facts a careful product needs. */
export const billerSchema = z.object({
  billerId: z.string(),
  billerName: z.string(),
  billerCategoryName: z.string(),
  customerParams: z.array(customerParamSchema),
  planMdmRequirement: requirementSchema,
  fetchRequirement: requirementSchema,
  supportBillValidation: requirementSchema,
  /** 'Exact', 'Exact and above', 'Exact and below', or '' (any amount). */
  paymentExactness: z.string().optional(),
  /** 'IND' (all India), 'IND-TND' (a state) or 'IND-TND-Chennai' (one area). */
  coverage: z.string().optional(),
  /** Smallest and largest payment on our channel, in paise (maxAmount absent = no limit). */
  minAmount: z.number().int().optional(),
  maxAmount: z.number().int().optional(),
  ccfSlabs: z.array(feeSlabSchema).optional(),
  /** The logo store's file extension for this biller (png, jpg, webp, jpeg), or null when it has none. */
  logo: z.string().nullable().optional(),
});
export type Biller = z.infer<typeof billerSchema>;

export const billerSummarySchema = z.object({
  billerId: z.string(),
  billerName: z.string(),
  billerCategoryName: z.string(),
});
export type BillerSummary = z.infer<typeof billerSummarySchema>;

/**
 * `GET /bbps/prod/{category}`: without `q` and `limit` the whole category (the spec's plain array);
 * large categories are searched server-side. The total before `limit` is in the `x-total-count` header.
 */
export const billerSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/** A search of every category's billers (the services page): the text is required. */
export const billerSearchAllQuerySchema = billerSearchQuerySchema.extend({
  q: z.string().trim().min(1, 'q (the text to search for) is required').max(100),
});

export const billerIdRequestSchema = z.object({
  billerId: z.string().trim().min(1, 'billerId is required').max(40),
  billerCategoryName: z.string().max(100).optional(),
});

export const nameValueSchema = z.object({ name: z.string().max(100), value: z.string().max(200) });

/**
 * The bill (and validation) request of spec section 3. `agentDetails` is accepted for compatibility and
 * ignored: the api fills it. `custDetails.mobileNo` defaults to the account's phone and the EMAIL tag is
 * always the account's e-mail. Validation only: `amount` (integer PAISE), or for plan billers the plan's
 * id, as the spec sends it (the customer parameter `Id`, beside `Circle`) or in `planId`.
 */
export const billRequestSchema = z.object({
  chId: z.number().int().optional(),
  isRealTimeFetch: z.boolean().optional(),
  custDetails: z
    .object({
      mobileNo: z
        .string()
        .trim()
        .regex(/^(\d{10})?$/, 'Mobile number must be exactly 10 digits')
        .optional(),
      customerTags: z.array(nameValueSchema).max(10).optional(),
    })
    .optional(),
  agentDetails: z
    .object({
      agentId: z.string().max(40).optional(),
      deviceTags: z.array(nameValueSchema).max(10).optional(),
    })
    .optional(),
  billDetails: z.object({
    billerId: z.string().trim().min(1, 'billerId is required').max(40),
    customerParams: z.array(nameValueSchema).max(20),
  }),
  amount: paiseFieldSchema('Amount').optional(),
  planId: z.string().trim().max(60).optional(),
});
export type BillRequest = z.infer<typeof billRequestSchema>;

/** The bill as fetched; `amount` and `custConvFee` are RUPEES with two decimals ("1234.50"). */
export const billerResponseSchema = z.object({
  customerName: z.string().optional(),
  amount: z.string().optional(),
  dueDate: z.string().optional(),
  billDate: z.string().optional(),
  billNumber: z.string().optional(),
  billPeriod: z.string().optional(),
  custConvFee: z.string().optional(),
});
export type BillerResponse = z.infer<typeof billerResponseSchema>;

export const errorDetailSchema = z.object({ errorCd: z.string().optional(), errorDtl: z.string() });

/**
 * The bill-fetch and validation answer: respCode 1 (success) or 0 (the network's answer was no: the
 * text to show is `errorList[0].errorDtl`, else `complianceReason`). `noBillDue` marks BFR004 (nothing
 * is due: not a failure). `billFetchId` names the stored fetch or validation that paying it uses.
 * Validation answers also carry the amount that will be charged (`amount`, rupees) and `planId`.
 */
export const billResponseSchema = z.object({
  respCode: z.union([z.literal(1), z.literal(0)]),
  status: z.string().optional(),
  response: z.object({
    refId: z.string().optional(),
    billFetchId: z.string().optional(),
    approvalRefNum: z.string().optional(),
    responseCode: z.string().optional(),
    responseReason: z.string().optional(),
    complianceReason: z.string().optional(),
    complianceRespCd: z.string().optional(),
    billerResponse: billerResponseSchema.optional(),
    additionalInfo: z.array(nameValueSchema).optional(),
    errorList: z.array(errorDetailSchema).optional(),
    noBillDue: z.boolean().optional(),
    amount: z.string().optional(),
    planId: z.string().optional(),
  }),
});
export type BillResponse = z.infer<typeof billResponseSchema>;

export const ipMacResponseSchema = z.object({ ipAddress: z.string(), macAddress: z.string() });

/** `POST /bbps/prod/sync` (merchants): what one synchronisation of the master data stored. */
export const catalogueSyncResponseSchema = z.object({
  billers: z.number().int(),
  deactivated: z.number().int(),
  plans: z.number().int(),
  circles: z.number().int(),
  locations: z.number().int(),
  durationMs: z.number().int(),
});
export type CatalogueSyncResult = z.infer<typeof catalogueSyncResponseSchema>;

export const savedBillsRequestSchema = z.object({ category: z.string().trim().min(1).max(100) });
export const deleteSavedBillRequestSchema = z.object({
  category: z.string().trim().min(1).max(100),
  billNumber: z.string().trim().min(1).max(100),
});
/** A saved bill (Recent Bills): the latest fetched bill of one account; `amount` in RUPEES ("1234.50"). */
export const savedBillSchema = z.object({
  _id: z.string(),
  category: z.string(),
  billerId: z.string(),
  billerName: z.string(),
  customerName: z.string(),
  billNumber: z.string(),
  dueDate: z.string(),
  amount: z.string(),
  BillRequest: z.object({ billDetails: z.object({ customerParams: z.array(nameValueSchema) }) }),
  /** When this user's payment of this bill (same biller and bill number) succeeded; null while unpaid. */
  paidAt: z.string().nullable(),
});
export type SavedBill = z.infer<typeof savedBillSchema>;
