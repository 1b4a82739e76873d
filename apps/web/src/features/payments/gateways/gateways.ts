import type { BillGateway } from '@erti/contracts';
import type { GatewayHandOff } from './hand-off.ts';
import { payuHandOff } from './payu/payu-hand-off.ts';
import { phonepeHandOff } from './phonepe/phonepe-hand-off.ts';

/**
 * The site's hand-offs to the gateways that pay bills (contracts' `paysBills`), one line each, in the
 * order the payment selection screen offers them (decisions 065 and 125). The type asks for one of
 * every such gateway of the contracts' list, and no other.
 *
 * To add a gateway: its entry in packages/contracts/src/gateways/ first; if it pays bills, a folder
 * `gateways/<gateway>/` here whose `<gateway>-hand-off.ts` exports a `GatewayHandOff` (its api call,
 * its request, how the browser goes to it, its failure line; copy `phonepe/`), its line below, and
 * the words of its choice (`payments.selection.<gateway>`, `...Detail`) in each language's
 * locales/<language>/payments.json. All the steps: docs/decisions/125-one-gateway-registry.md.
 */
export const gatewayHandOffs = {
  phonepe: phonepeHandOff,
  payu: payuHandOff,
} satisfies Record<BillGateway, GatewayHandOff>;

/** The choices, in the screen's order. */
export const gatewayChoices = Object.entries(gatewayHandOffs) as [BillGateway, GatewayHandOff][];
