import { z } from 'zod';
import type { GatewayEntry } from './gateway.ts';
import { payuGateway } from './payu/payu.ts';
import { phonepeGateway } from './phonepe/phonepe.ts';
import { razorpayGateway } from './razorpay/razorpay.ts';

export * from './gateway.ts';
export * from './payu/payu.ts';
export * from './phonepe/phonepe.ts';
export * from './razorpay/razorpay.ts';

/**
 * The payment gateways: the one list of their names (decisions 065 and 125). The order's `gateway`
 * column, AutoPay's choice, the receipt's names and every tier's registry come from here.
 *
 * To add a gateway (docs/decisions/125-one-gateway-registry.md), one folder per tier and one line in
 * each tier's registry:
 * 1. here: a folder `gateways/<gateway>/` with its entry (`GatewayEntry`: name, label, whether it pays
 *    bills, its AutoPay) and its calls' schemas, exported and listed below;
 * 2. packages/protocols/src/<gateway>/ (its wire format), a line in packages/protocols/src/index.ts;
 * 3. apps/api/src/integrations/<gateway>/ (its adapter), a line in integrations/payment-gateways.ts;
 * 4. apps/sandbox/src/<gateway>/ (its simulation), a line in apps/sandbox/src/gateways.ts;
 * 5. if it pays bills: apps/web/src/features/payments/gateways/<gateway>/ (its hand-off), a line in
 *    that folder's gateways.ts, and its choice's words in each language's payments.json.
 * `packages/contracts/test/add-a-gateway.test.ts` does it for a gateway "testpay" and counts the files.
 */
export const gateways = [
  payuGateway,
  phonepeGateway,
  razorpayGateway,
] as const satisfies readonly GatewayEntry[];

type Entries = typeof gateways;
type Entry = Entries[number];

/** The names of a list of entries, as a tuple in its order. */
type NamesOf<T extends readonly GatewayEntry[]> = {
  readonly [K in keyof T]: T[K] extends { name: infer N } ? N : never;
};

export const GATEWAYS = gateways.map((gateway) => gateway.name) as unknown as NamesOf<Entries>;
export const gatewaySchema = z.enum(GATEWAYS);
export type Gateway = Entry['name'];

/** Each gateway's name as people read it (the receipt's payment mode, the merchant dashboard). */
export const GATEWAY_NAMES = Object.fromEntries(
  gateways.map((gateway) => [gateway.name, gateway.label]),
) as Record<Gateway, string>;

/** The gateways offered on the payment selection screen, in this list's order. */
export type BillGateway = Extract<Entry, { paysBills: true }>['name'];
export const billGateways = gateways.flatMap((gateway) => (gateway.paysBills ? [gateway.name] : [])) as [
  BillGateway,
  ...BillGateway[],
];

/** The gateways whose mandates AutoPay uses (decision 075). */
export type AutopayGateway = Extract<Entry, { autopay: object }>['name'];
export const autopayGateways = gateways.flatMap((gateway) =>
  'autopay' in gateway ? [gateway.name] : [],
) as [AutopayGateway, ...AutopayGateway[]];

/** The small charge each AutoPay gateway takes to set a mandate up, in paise (decision 115). */
export const MANDATE_AUTHORISATION_PAISE = Object.fromEntries(
  gateways.flatMap((gateway) =>
    'autopay' in gateway ? [[gateway.name, gateway.autopay.authorisationPaise]] : [],
  ),
) as Record<AutopayGateway, number>;
