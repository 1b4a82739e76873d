import { z } from 'zod';

/**
 * The payment gateways, one entry each: the order's `gateway` column, the api's plug-in registry
 * (apps/api/src/integrations/payment-gateways.ts) and the sandbox's (apps/sandbox/src/gateways.ts)
 * name exactly these (decision 065). A new gateway is one more entry here and one line per registry.
 */
export const GATEWAYS = ['payu', 'phonepe', 'razorpay'] as const;

export const gatewaySchema = z.enum(GATEWAYS);
export type Gateway = z.infer<typeof gatewaySchema>;

/** Each gateway's name as people read it (the receipt's payment mode, the merchant dashboard). */
export const GATEWAY_NAMES: Record<Gateway, string> = {
  payu: 'PayU',
  phonepe: 'PhonePe',
  razorpay: 'Razorpay',
};
