import type { AddMyBillRequest, MyBill } from '@erti/contracts';
import { indiaDate } from '@erti/contracts/india-time';
import { rupeesFromPaise } from '@erti/contracts/rupees';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { enqueueJob } from '../../jobs/job-queue.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { autopayOfBills } from '../autopay/index.ts';
import { accountKeyOf, checkCustomerParams, findPayer } from '../bills/index.ts';
import { type CatalogueBiller, convenienceFee, findBiller, isSupported } from '../catalogue/index.ts';
import { paymentsOfBills } from '../payments/index.ts';
import { checkJob } from './bill-checks.ts';
import {
  deleteMyBill,
  findMyBill,
  insertMyBill,
  listMyBills,
  type MyBillRow,
  setReminders,
} from './my-bills.repository.ts';
import { stateOf } from './my-bills.rules.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

const NOT_FOUND = 'This bill is not in your My Bills';
export const ALREADY_ADDED = 'This bill is already in your My Bills';

export interface MyBillsServiceDeps {
  db: Database;
  clock: Clock;
  tokens: UnsubscribeTokens;
}

/** My Bills of a signed-in customer: add, list, reminders on or off, remove (decision 072). */
export function createMyBillsService(deps: MyBillsServiceDeps) {
  const { db, clock } = deps;

  /** The entries as the customer sees them: each with its bill, our fee on it and its state today. */
  async function views(rows: MyBillRow[]): Promise<MyBill[]> {
    const payments = await paymentsOfBills(db, rows);
    const autopays = await autopayOfBills(db, rows);
    const billers = new Map<string, CatalogueBiller | undefined>();
    for (const row of rows) {
      if (!billers.has(row.billerId)) billers.set(row.billerId, await findBiller(db, row.billerId));
    }
    const today = indiaDate(clock.now());
    return rows.map((row, index) => {
      const payment = payments[index];
      const biller = billers.get(row.billerId);
      const hasBill =
        row.presentment === 'bill' && row.billNumber && row.billAmountPaise !== null && row.billDueDate;
      return {
        id: row.id,
        billerId: row.billerId,
        billerName: row.billerName,
        billerCategoryName: row.category,
        nickname: row.nickname,
        customerParams: row.customerParams,
        remindersOn: row.remindersOn,
        state: stateOf(row, payment, today),
        bill: hasBill
          ? {
              billNumber: row.billNumber ?? '',
              customerName: row.billCustomerName,
              amount: rupeesFromPaise(row.billAmountPaise ?? 0),
              convenienceFee: rupeesFromPaise(biller ? convenienceFee(biller, row.billAmountPaise ?? 0) : 0),
              dueDate: row.billDueDate ?? '',
            }
          : null,
        lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
        autopay: autopays.get(row.id) ?? null,
      };
    });
  }

  async function view(row: MyBillRow): Promise<MyBill> {
    const [one] = await views([row]);
    if (!one) throw notFound(NOT_FOUND);
    return one;
  }

  return {
    list: async (userId: string) => views(await listMyBills(db, userId)),

    async get(userId: string, id: string): Promise<MyBill> {
      const row = await findMyBill(db, id, userId);
      if (!row) throw notFound(NOT_FOUND);
      return view(row);
    },

    /**
     * Adds a biller account with a nickname; its first check is queued at once, so a bill already
     * there is found (and its new-bill mail sent) within the job poll. The same account twice is a 409.
     */
    async add(userId: string, request: AddMyBillRequest): Promise<MyBill> {
      const biller = await findBiller(db, request.billerId);
      if (!biller?.active) throw notFound('Biller not found');
      if (!isSupported(biller.fetchRequirement)) {
        throw badRequest(`${biller.billerName} does not present bills, so it cannot be added to My Bills`);
      }
      const params = checkCustomerParams(biller.customerParams, request.customerParams);
      const customer = await findPayer(db, userId);
      if (!customer?.phone)
        throw badRequest('Please add your 10-digit mobile number to your profile to continue');
      const row = await db.transaction(async (tx) => {
        const inserted = await insertMyBill(tx, {
          id: newId('mbl'),
          userId,
          billerId: biller.billerId,
          billerName: biller.billerName,
          category: biller.billerCategoryName,
          nickname: request.nickname,
          customerParams: params,
          accountKey: accountKeyOf(params),
          checkSeq: 1,
        });
        if (!inserted) return undefined;
        const first = checkJob(inserted.id, 1, clock.now());
        await enqueueJob(tx, first.kind, first.payload, first);
        return inserted;
      });
      if (!row) throw conflict(ALREADY_ADDED);
      return view(row);
    },

    async setReminders(userId: string, id: string, remindersOn: boolean): Promise<MyBill> {
      const row = await setReminders(db, id, remindersOn, userId);
      if (!row) throw notFound(NOT_FOUND);
      return view(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      const autopay = (await autopayOfBills(db, [{ id, billNumber: null }])).get(id);
      if (autopay && ['pending', 'on', 'paused'].includes(autopay.state))
        throw conflict('Please cancel AutoPay for this bill before removing it');
      if (!(await deleteMyBill(db, id, userId))) throw notFound(NOT_FOUND);
    },

    /** The entry an unsubscribe link names, for its confirmation page; nothing changes. */
    async unsubscribeTarget(token: string): Promise<MyBillRow> {
      const id = deps.tokens.myBillIdOf(token);
      const row = id && (await findMyBill(db, id));
      if (!row) throw notFound('This link is not valid, or the bill was removed from My Bills');
      return row;
    },

    /** The one-click unsubscribe (RFC 8058): that entry's reminders off, without a login. */
    async unsubscribe(token: string): Promise<MyBillRow> {
      const id = deps.tokens.myBillIdOf(token);
      const row = id && (await setReminders(db, id, false));
      if (!row) throw notFound('This link is not valid, or the bill was removed from My Bills');
      return row;
    },
  };
}

export type MyBillsService = ReturnType<typeof createMyBillsService>;
