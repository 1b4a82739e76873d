import { transactionDispositions } from '@erti/protocols';
import { z } from 'zod';

/**
 * What the network accepts. Lenient where a real operating unit is (extra fields are ignored),
 * strict on what it needs to answer. Shapes follow packages/protocols/src/bbps.ts.
 */

const nameValue = z.object({ name: z.string(), value: z.string() });

const billDetails = z.object({
  billerId: z.string().min(1),
  customerParams: z.array(nameValue).default([]),
});

const custDetails = z.object({
  mobileNo: z.string().default(''),
  customerTags: z.array(nameValue).default([]),
});

const agentDetails = z.object({
  agentId: z.string().min(1),
  deviceTags: z.array(nameValue).default([]),
});

export const fetchRequest = z.object({
  chId: z.literal(1).optional(),
  custDetails: custDetails.optional(),
  agentDetails,
  billDetails,
});

export const validationRequest = z.object({
  custDetails: custDetails.optional(),
  agentDetails,
  billDetails,
  amount: z
    .string()
    .regex(/^[0-9]+$/, 'amount must be paise digits')
    .optional(),
  planId: z.string().min(1).optional(),
});
export type ValidationRequest = z.infer<typeof validationRequest>;

const yesNo = z.enum(['Yes', 'No']);

export const paymentRequest = z.object({
  refId: z.string().optional(),
  clientRequestId: z.string().min(1).max(64),
  agentDetails,
  custDetails,
  billDetails,
  amountDetails: z.object({
    amount: z.string().regex(/^[0-9]+$/, 'amount must be paise digits'),
    currency: z.literal('356'),
    custConvFee: z
      .string()
      .regex(/^[0-9]*$/)
      .default('0'),
    couCustConvFee: z
      .string()
      .regex(/^[0-9]*$/)
      .default('0'),
  }),
  paymentDetails: z.object({
    paymentMode: z.string().min(1),
    quickPay: yesNo,
    splitPay: yesNo.default('No'),
    offusPay: yesNo.default('No'),
    paymentInfo: z.array(nameValue).default([]),
  }),
  planDetails: z.object({ planDetail: z.object({ type: z.string(), id: z.string().min(1) }) }).optional(),
});
export type PaymentRequest = z.infer<typeof paymentRequest>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are YYYY-MM-DD');

export const statusRequest = z.union([
  z.object({ txnReferenceId: z.string().min(1) }),
  z.object({ clientRequestId: z.string().min(1) }),
  z.object({ mobileNo: z.string().min(1), fromDate: day, toDate: day }),
]);
export type StatusRequest = z.infer<typeof statusRequest>;

export const complaintRegistration = z.object({
  complaintRegistrationReq: z.object({
    complaintType: z.enum(['Transaction', 'Service']),
    participationType: z.enum(['AGENT', 'BILLER']).optional(),
    agentId: z.string().optional(),
    billerId: z.string().optional(),
    txnRefId: z.string().optional(),
    complaintDesc: z.string().min(1).max(500),
    servReason: z.string().optional(),
    complaintDisposition: z.string().optional(),
  }),
});
export type ComplaintRegistration = z.infer<typeof complaintRegistration>['complaintRegistrationReq'];

export const isDisposition = (text: string | undefined) =>
  (transactionDispositions as readonly string[]).includes(text ?? '');

export const complaintTrack = z.object({
  complaintType: z.enum(['Transaction', 'Service']),
  complaintId: z.string().min(1),
});

export const billerMdmQuery = z.object({
  category: z.string().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(100),
  updatedSince: z
    .string()
    .refine((text) => !Number.isNaN(Date.parse(text)), 'updatedSince must be an ISO date')
    .optional(),
});

export const planMdmRequest = z.object({ billerId: z.array(z.string().min(1)).min(1).max(100) });

/** The first problem of a failed parse, for error answers. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  return issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
}
