import type { Biller, Plan } from '@erti/contracts';
import { billersOf } from '../../support/catalogue.ts';
import type { RunningSystem } from '../../support/servers.ts';
import { newTestUser, registerThroughApi, type SignedInUser } from '../../support/session.ts';
import { callApi, expectOk } from './http.ts';

/**
 * What the simulated customers buy: an electricity bill (fetch → pay), an Airtel prepaid recharge
 * (plans → validate → pay) and the test payment page (no bill). Picked from the api's own catalogue.
 */
export interface Shop {
  electricity: Biller;
  airtel: Biller;
  /** The circle recharges are made in, and its plans. */
  circle: string;
  plans: Plan[];
}

const digitsParam = /^\^\[0-9\]\{(\d+)(?:,(\d+))?\}\$$/;

const feeFree = (biller: Biller) =>
  (biller.ccfSlabs ?? []).every((slab) => slab.flatFee === 0 && Number(slab.percentFee) === 0);

/** A fee-free electricity biller with a mandatory fetch and one digits-only parameter. */
function fetchBiller(billers: Biller[]): Biller {
  const biller = billers.find(
    (candidate) =>
      candidate.fetchRequirement === 'MANDATORY' &&
      candidate.customerParams.length === 1 &&
      digitsParam.test(candidate.customerParams[0]?.regex ?? '') &&
      feeFree(candidate),
  );
  if (!biller) throw new Error('No fee-free electricity biller with one numeric parameter');
  return biller;
}

export async function openShop(apiUrl: string, circle = 'Mumbai'): Promise<Shop> {
  const electricity = fetchBiller(await billersOf<Biller>(apiUrl, 'Electricity'));
  const airtel = (await billersOf<Biller>(apiUrl, 'Mobile Prepaid')).find(
    (biller) => biller.billerName === 'Airtel',
  );
  if (!airtel) throw new Error('No Airtel prepaid biller');
  const plans = await expectOk(
    callApi<Plan[]>(apiUrl, 'POST', '/bbps/prod/circle', { body: { billerId: airtel.billerId, circle } }),
    'plans',
  );
  if (plans.length === 0) throw new Error(`No Airtel plans in ${circle}`);
  return { electricity, airtel, circle, plans };
}

/**
 * A consumer number the biller accepts: the start of `front` (digits, at least as long as the
 * number), then `ending` (the sandbox answers by the last four digits).
 */
export function consumerNumber(biller: Biller, front: string, ending: string): string {
  const match = digitsParam.exec(biller.customerParams[0]?.regex ?? '');
  if (!match) throw new Error(`${biller.billerId} has no digits-only parameter`);
  return front.slice(0, Number(match[1]) - ending.length) + ending;
}

/** Signs `count` new customers up through the api (OTP from the sandbox mailbox), a few at a time. */
export async function registerCustomers(
  system: Pick<RunningSystem, 'apiUrl' | 'sandboxUrl'>,
  count: number,
  label: string,
  parallel = 4,
): Promise<SignedInUser[]> {
  const customers: SignedInUser[] = [];
  while (customers.length < count) {
    const batch = Array.from({ length: Math.min(parallel, count - customers.length) }, () =>
      registerThroughApi(system.apiUrl, system.sandboxUrl, newTestUser(label)),
    );
    customers.push(...(await Promise.all(batch)));
  }
  return customers;
}
