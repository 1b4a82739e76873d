/**
 * What the contracts know of a payment gateway: its name, how people read it and what it does. Each
 * gateway's entry is in its folder (`gateways/<gateway>/<gateway>.ts`, beside its calls' schemas) and
 * the registry (`gateways.ts`) lists them; every other list of gateways is derived from there.
 */
export interface GatewayEntry {
  /** The order's `gateway` column, the api's path prefix (`/api/<name>/...`) and the sandbox's. */
  readonly name: string;
  /** As people read it: the receipt's payment mode, the merchant dashboard, AutoPay's choice. */
  readonly label: string;
  /** Offered on the payment selection screen for bills and recharges (the web's hand-off to it). */
  readonly paysBills: boolean;
  /**
   * AutoPay through its mandates (decision 075), with the small charge it takes to set one up, in
   * paise, named before the customer leaves (decision 115). Absent: it offers no mandates.
   */
  readonly autopay?: { readonly authorisationPaise: number };
}

/**
 * Every member of a union at once: `AllOf<A | B>` is `A & B`. The api and the sandbox merge their
 * gateways' settings with it, each gateway naming its own.
 */
export type AllOf<U> = (U extends unknown ? (each: U) => void : never) extends (all: infer I) => void
  ? I
  : never;
