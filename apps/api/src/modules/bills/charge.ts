import type { BillRequest } from '@erti/contracts';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import type { Executor } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { type CatalogueBiller, findPlan } from '../catalogue/index.ts';
import type { NameValue } from './customer-params.ts';

/** What a validated payment will charge: a plan's price, or the amount entered. Paise. */
export interface ValidatedCharge {
  amountPaise: number;
  planId?: string;
}

/**
 * A plan this operator does not sell, or not in the customer's circle: the reason, which is answered
 * as the network answers it (respCode 0), not as a malformed request.
 */
export interface PlanNotSold {
  planNotSold: string;
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The plan chosen: the spec's `Id` customer parameter, or the `planId` field the web site also sends;
 * both given must name the same plan.
 */
function chosenPlanId(request: BillRequest, params: NameValue[]): string | undefined {
  const fromField = request.planId?.trim() || undefined;
  const fromParam = params.find((param) => sameText(param.name, 'Id'))?.value;
  if (fromField && fromParam && fromField !== fromParam) {
    throw badRequest('Two different plans were sent. Please choose the plan again.');
  }
  return fromField ?? fromParam;
}

/**
 * The amount a validation fixes, decided by the server: for a plan biller (plan MDM MANDATORY, or
 * OPTIONAL with a plan chosen) the plan's price from our plan master data, which a client amount must
 * equal; a plan the operator does not sell in the chosen circle is `PlanNotSold`. For any other
 * biller the amount entered, within the biller's limits on our channel.
 */
export async function chargeForValidation(
  executor: Executor,
  biller: CatalogueBiller,
  request: BillRequest,
  params: NameValue[],
): Promise<ValidatedCharge | PlanNotSold> {
  const planId = chosenPlanId(request, params);
  const needsPlan = biller.planMdmRequirement === 'MANDATORY';
  if (planId || needsPlan) {
    if (!planId) throw badRequest('Please choose a plan', { fields: { planId: 'Please choose a plan' } });
    const found = await findPlan(executor, biller.billerId, planId);
    if (!found) return { planNotSold: 'This plan is no longer available. Please choose another plan.' };
    const circle = params.find((param) => sameText(param.name, 'Circle'))?.value;
    if (circle && found.plan.circle && !sameText(circle, found.plan.circle)) {
      return { planNotSold: `This plan is not available in the ${circle} circle` };
    }
    if (request.amount !== undefined && request.amount !== found.amountPaise) {
      throw badRequest('The amount does not match the plan. Please choose the plan again.');
    }
    return { amountPaise: found.amountPaise, planId };
  }
  if (request.amount === undefined) {
    throw badRequest('Please enter the amount', { fields: { amount: 'Please enter the amount' } });
  }
  const { minAmount = 1, maxAmount } = biller;
  if (request.amount < minAmount || (maxAmount !== undefined && request.amount > maxAmount)) {
    const range =
      maxAmount === undefined
        ? `at least ₹${rupeesFromPaise(minAmount)}`
        : `between ₹${rupeesFromPaise(minAmount)} and ₹${rupeesFromPaise(maxAmount)}`;
    const message = `Please enter an amount ${range}`;
    throw badRequest(message, { fields: { amount: message } });
  }
  return { amountPaise: request.amount };
}
