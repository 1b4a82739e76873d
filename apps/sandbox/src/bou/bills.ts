import { randomBytes } from 'node:crypto';
import type {
  BbpsBillerResponse,
  BbpsFetchResponse,
  BbpsValidationResponse,
  NameValue,
} from '@erti/protocols';
import type { Catalogue, CatalogueEntry } from './catalogue.ts';
import { operatorCircles } from './circles.ts';
import { addDays, istParts, julianStamp, type SandboxClock } from './clock.ts';
import { customerKey, paramValue, requireActiveBiller, requireValidParams, testSuffix } from './customers.ts';
import { failed, NetworkRefusal, succeeded } from './envelope.ts';
import { customerName } from './names.ts';
import type { PlanBook } from './plans.ts';
import { DIGITS, seededRandom, UPPER_ALPHANUMERIC } from './random.ts';
import type { ValidationRequest } from './requests.ts';

/**
 * Bill fetch and bill validation. A customer's bill is derived from the biller and the parameter
 * values, so the same consumer number always gets the same name, amount, dates and bill number
 * within a billing cycle. Every answered fetch or validation is kept by its refId for the payment.
 */

/** Fetch outcomes by the last four characters of the first parameter. */
const fetchOutcomes: Record<string, [code: string, detail: string]> = {
  '0001': ['BFR001', 'Invalid customer account'],
  '0004': ['BFR004', 'Payment received for the billing period - no bill due'],
  '0008': ['BFR008', 'Unable to get bill details from biller'],
};

/** Validation outcomes, likewise. */
const validationOutcomes: Record<string, [code: string, detail: string]> = {
  '0001': ['BVR001', 'Invalid customer account'],
  '1001': ['BVR001', 'Invalid customer account'],
  '1005': ['BVR005', 'Invalid amount'],
  '1008': ['BVR008', 'Valid customer account, no bill due'],
};

export interface BillRecord {
  refId: string;
  kind: 'fetch' | 'validate';
  billerId: string;
  customerKey: string;
  customerName: string;
  /** The bill amount (fetch), the validated amount or the plan's price (validation). */
  amountPaise?: number;
  planId?: string;
}

/** How many answered fetches the network remembers; the oldest are forgotten first. */
const rememberedBills = 200_000;

/** `refId`: 27 random characters and the YDDDhhmm stamp, 35 in all. */
function newRefId(now: Date): string {
  const bytes = randomBytes(27);
  let random = '';
  for (const byte of bytes) random += UPPER_ALPHANUMERIC[byte % UPPER_ALPHANUMERIC.length];
  return `${random}${julianStamp(now)}${istParts(now).hhmm}`;
}

export function approvalNumber(): string {
  const bytes = randomBytes(8);
  let number = '';
  for (const byte of bytes) number += DIGITS[byte % 10];
  return number;
}

/** The most recent billing day on or before today, for a customer billed on `cycleDay`. */
function lastBillDate(today: string, cycleDay: number): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const monthsBack = day >= cycleDay ? 0 : 1;
  const billMonth = new Date(Date.UTC(year, month - 1 - monthsBack, cycleDay));
  return billMonth.toISOString().slice(0, 10);
}

const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Who the customer is and their monthly billing cycle, as of `today`. */
function customerFacts(entry: CatalogueEntry, key: string, today: string) {
  const customer = seededRandom(`customer|${key}`);
  const name = customerName(customer);
  const billDate = lastBillDate(today, customer.int(1, 28));
  const dueDate = addDays(billDate, customer.int(10, 21));
  const billPeriod = customer.pick(entry.profile.billPeriods);
  return { name, billDate, dueDate, billPeriod };
}

type IssuedBill = { bill: BbpsBillerResponse; amountPaise: number };

/** A bill of the customer with these dates; `cycle` draws its amount and number. */
function issuedBill(
  entry: CatalogueEntry,
  facts: { name: string; billDate: string; dueDate: string; billPeriod: string },
  cycle: ReturnType<typeof seededRandom>,
): IssuedBill {
  const { billDate } = facts;
  const [minRupees, maxRupees] = entry.profile.billRupees;
  const rupees = cycle.int(minRupees, maxRupees);
  const amountPaise = rupees * 100 + (cycle.chance(0.5) ? cycle.int(1, 99) : 0);
  const billNumber = `${monthNames[Number(billDate.slice(5, 7)) - 1]}${billDate.slice(2, 4)}${cycle.chars(8, DIGITS)}`;
  const billTags: NameValue[] =
    entry.biller.billerCategory === 'Credit Card'
      ? [{ name: 'Minimum Amount Due', value: String(Math.max(10_000, Math.round(amountPaise * 0.05))) }]
      : [];
  return {
    amountPaise,
    bill: {
      customerName: facts.name,
      amount: String(amountPaise),
      dueDate: facts.dueDate,
      custConvFee: '',
      custConvDesc: '',
      billDate,
      billNumber,
      billPeriod: facts.billPeriod,
      billTags,
    },
  };
}

/** The bill a customer has today in the monthly cycle. */
function billFor(entry: CatalogueEntry, key: string, now: Date): IssuedBill {
  const facts = customerFacts(entry, key, istParts(now).date);
  return issuedBill(entry, facts, seededRandom(`bill|${key}|${facts.billDate}`));
}

/** The `issue`th new bill of a registered customer, issued at `issuedAt`: due in 4 to 7 days. */
function newBillFor(entry: CatalogueEntry, key: string, issue: number, issuedAt: Date): IssuedBill {
  const billDate = istParts(issuedAt).date;
  const cycle = seededRandom(`new-bill|${key}|${issue}`);
  const facts = customerFacts(entry, key, billDate);
  return issuedBill(entry, { ...facts, billDate, dueDate: addDays(billDate, cycle.int(4, 7)) }, cycle);
}

/** What a validation tells about the customer, by category. */
function validationInfo(entry: CatalogueEntry, key: string, params: NameValue[]): NameValue[] {
  const random = seededRandom(`customer|${key}`);
  const info: NameValue[] = [{ name: 'Customer Name', value: customerName(random) }];
  const plans = entry.plans;
  if (plans?.kind === 'mobile') {
    const circles = operatorCircles(plans.operator);
    const given = paramValue(params, 'Circle');
    info.push({ name: 'Operator', value: entry.biller.billerName });
    info.push({ name: 'Circle', value: given || seededRandom(`circle|${key}`).pick(circles).name });
  }
  const balance = (max: number) => `${random.int(0, max)}.${String(random.int(0, 99)).padStart(2, '0')}`;
  const extras: Record<string, NameValue[]> = {
    Fastag: [
      {
        name: 'Vehicle Class',
        value: random.pick(['Car / Jeep / Van', 'Light Commercial Vehicle', 'Bus / Truck']),
      },
      { name: 'Tag Balance', value: balance(1500) },
    ],
    'Prepaid Meter': [{ name: 'Current Balance', value: balance(800) }],
    NCMC: [{ name: 'Card Balance', value: balance(1000) }],
  };
  return [...info, ...(extras[entry.biller.billerCategory] ?? [])];
}

export class BillDesk {
  private readonly records = new Map<string, BillRecord>();
  /** Customers the network has presented a bill to, and when it first did. */
  private readonly registered = new Map<string, number>();

  /**
   * `newBillHours` (0 = never): every so many hours after a customer's first presented bill, the
   * network issues them a new one due in the next days, so that My Bills' checks and reminders can be
   * seen locally (decision 072). Before the first such bill the monthly cycle's is presented, as always.
   */
  constructor(
    private readonly catalogue: Catalogue,
    private readonly plans: PlanBook,
    private readonly clock: SandboxClock,
    private readonly newBillHours = 0,
  ) {}

  /** The bill presented to a customer now: the newest issued to a registered customer, else the month's. */
  private presentedBill(entry: CatalogueEntry, key: string, now: Date): IssuedBill {
    const registeredAt = this.registered.get(key);
    if (this.newBillHours <= 0 || registeredAt === undefined) {
      if (this.newBillHours > 0) this.register(key, now.getTime());
      return billFor(entry, key, now);
    }
    const gapMs = this.newBillHours * 3_600_000;
    const issue = Math.floor((now.getTime() - registeredAt) / gapMs);
    if (issue < 1) return billFor(entry, key, now);
    return newBillFor(entry, key, issue, new Date(registeredAt + issue * gapMs));
  }

  private register(key: string, at: number): void {
    if (this.registered.size >= rememberedBills) {
      const oldest = this.registered.keys().next().value;
      if (oldest !== undefined) this.registered.delete(oldest);
    }
    this.registered.set(key, at);
  }

  record(refId: string): BillRecord | undefined {
    return this.records.get(refId);
  }

  fetch(billerId: string, params: NameValue[]): BbpsFetchResponse {
    const now = this.clock.now();
    const refId = newRefId(now);
    try {
      const entry = requireActiveBiller(this.catalogue, billerId, 'BFR002');
      if (entry.biller.billerFetchRequiremet === 'NOT_SUPPORTED') {
        throw new NetworkRefusal(
          'BRP046',
          'Bill fetch is not supported for this biller; pay without a fetch',
        );
      }
      requireValidParams(entry, params, 'BFR002');
      const outcome = fetchOutcomes[testSuffix(entry, params)];
      if (outcome) throw new NetworkRefusal(...outcome);
      const key = customerKey(entry, params);
      const { bill, amountPaise } = this.presentedBill(entry, key, now);
      this.remember({
        refId,
        kind: 'fetch',
        billerId,
        customerKey: key,
        customerName: bill.customerName,
        amountPaise,
      });
      return succeeded(
        { billDetails: params, billerResponse: bill },
        { refId, approvalRefNum: approvalNumber() },
      );
    } catch (error) {
      return refusal(error, refId);
    }
  }

  validate(request: ValidationRequest): BbpsValidationResponse {
    const now = this.clock.now();
    const refId = newRefId(now);
    const { billerId, customerParams: params } = request.billDetails;
    try {
      const entry = requireActiveBiller(this.catalogue, billerId, 'BVR001');
      if (entry.biller.billerSupportBillValidation === 'NOT_SUPPORTED') {
        throw new NetworkRefusal('BVR009', 'Bill validation is not supported for this biller');
      }
      requireValidParams(entry, params, 'BVR001');
      const outcome = validationOutcomes[testSuffix(entry, params)];
      if (outcome) throw new NetworkRefusal(...outcome);
      const amountPaise = request.amount === undefined ? undefined : Number(request.amount);
      const plan = entry.plans ? this.chosenPlan(entry, params, request.planId, amountPaise) : undefined;
      if (!plan && amountPaise !== undefined) requireAmountWithinLimits(entry, amountPaise, 'BVR005');
      const key = customerKey(entry, params);
      const additionalInfo = validationInfo(entry, key, params);
      this.remember({
        refId,
        kind: 'validate',
        billerId,
        customerKey: key,
        customerName: additionalInfo[0]!.value,
        amountPaise: plan ? plan.amountInRupees * 100 : amountPaise,
        planId: plan?.Id,
      });
      return succeeded({ additionalInfo }, { refId, approvalRefNum: approvalNumber() });
    } catch (error) {
      return refusal(error, refId);
    }
  }

  /** The plan a recharge is for: by id, or the one active plan of that price in the customer's circle. */
  private chosenPlan(entry: CatalogueEntry, params: NameValue[], planId?: string, amountPaise?: number) {
    const circle = paramValue(params, 'Circle');
    const available = this.plans
      .plansFor(entry)
      .filter((plan) => plan.status === 'ACTIVE' && (!circle || !plan.circle || plan.circle === circle));
    if (planId) {
      const plan = available.find((candidate) => candidate.Id === planId);
      if (!plan)
        throw new NetworkRefusal('BVR006', circle ? `Plan not available in ${circle}` : 'Plan not available');
      if (amountPaise !== undefined && amountPaise !== plan.amountInRupees * 100) {
        throw new NetworkRefusal('BVR005', 'Invalid amount: it differs from the plan price');
      }
      return plan;
    }
    if (amountPaise === undefined) throw new NetworkRefusal('BVR006', 'Choose a plan or an amount');
    const plan = available.find((candidate) => candidate.amountInRupees * 100 === amountPaise);
    if (!plan)
      throw new NetworkRefusal(
        'BVR006',
        `No plan of Rs ${amountPaise / 100} is available${circle ? ` in ${circle}` : ''}`,
      );
    return plan;
  }

  private remember(record: BillRecord): void {
    if (this.records.size >= rememberedBills) {
      const oldest = this.records.keys().next().value;
      if (oldest !== undefined) this.records.delete(oldest);
    }
    this.records.set(record.refId, record);
  }
}

/** The biller's payment limits (the same for every payment mode here). */
export function requireAmountWithinLimits(entry: CatalogueEntry, amountPaise: number, code: string): void {
  const limits = entry.biller.billerPaymentModes.paymentModeInfo[0];
  if (!limits) return;
  const min = Number(limits.minAmount);
  const max = Number(limits.maxAmount);
  if (amountPaise < min || (max > 0 && amountPaise > max)) {
    throw new NetworkRefusal(code, `Invalid amount: the biller accepts Rs ${min / 100} to Rs ${max / 100}`);
  }
}

/** Turns a refusal into the failure envelope; anything else is a bug and propagates. */
export function refusal(error: unknown, refId?: string) {
  if (error instanceof NetworkRefusal) return failed(error.code, error.detail, refId ? { refId } : {});
  throw error;
}
