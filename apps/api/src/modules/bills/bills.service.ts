import type { BillRequest, BillResponse, SavedBill } from '@erti/contracts';
import { paiseOrUndefined, parsePaise, rupeesFromPaise } from '@erti/contracts/rupees';
import type { BbpsFetchResponse, BbpsValidationResponse, CustDetails } from '@erti/protocols';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { BbpsClient, CustomerDevice } from '../../integrations/bbps/bbps-client.ts';
import { networkFailureToAppError } from '../../integrations/bbps/bbps-errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  type CatalogueBiller,
  canonicalCategory,
  convenienceFee,
  findBiller,
  isSupported,
} from '../catalogue/index.ts';
import { answerEnvelope, billForScreens, isRetryable } from './bill-answer.ts';
import {
  type BillFetchRow,
  deleteSavedBills,
  findPayer,
  insertBillFetch,
  listSavedBills,
  upsertSavedBill,
} from './bills.repository.ts';
import { chargeForValidation } from './charge.ts';
import { accountKeyOf, checkCustomerParams, type NameValue, PLAN_CONTEXT_PARAMS } from './customer-params.ts';

const BILLER_NOT_RESPONDING = 'The biller is not responding right now. Please try again in a few minutes.';

export interface BillsServiceDeps {
  db: Database;
  bbps: Pick<BbpsClient, 'fetchBill' | 'validate'>;
  logger: FastifyBaseLogger;
}

/**
 * Bill fetch, validation and saved bills for a signed-in user. Input is checked against our copy of
 * the biller's master data before the network is asked; every network answer is stored (its refId
 * and amount are what paying uses); transport failures become retryable 503/504 answers.
 */
export function createBillsService(deps: BillsServiceDeps) {
  const { db } = deps;

  async function offeredBiller(billerId: string): Promise<CatalogueBiller> {
    const biller = await findBiller(db, billerId);
    if (!biller?.active) throw notFound('Biller not found');
    return biller;
  }

  /** The customer's details for the network: the mobile number given, else the account's; the account's e-mail. */
  async function customerDetails(userId: string, request: BillRequest): Promise<CustDetails> {
    const payer = await findPayer(db, userId);
    const mobileNo = request.custDetails?.mobileNo || payer?.phone;
    if (!mobileNo) throw badRequest('Please add your 10-digit mobile number to your profile to continue');
    return { mobileNo, customerTags: payer?.email ? [{ name: 'EMAIL', value: payer.email }] : [] };
  }

  /** Asks the network; a transport failure is logged and becomes a retryable 503/504. */
  async function ask<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      deps.logger.warn({ err: error }, `bill network ${what} failed`);
      throw networkFailureToAppError(error);
    }
  }

  /** A "try again later" answer of the biller is stored like any answer, then told as a 503. */
  function refuseIfRetryable(answer: BbpsFetchResponse | BbpsValidationResponse): void {
    if (isRetryable(answer)) throw new AppError('UNAVAILABLE', BILLER_NOT_RESPONDING, { retryable: true });
  }

  function storedRow(
    kind: BillFetchRow['kind'],
    context: {
      userId: string;
      biller: CatalogueBiller;
      params: NameValue[];
      custDetails: CustDetails;
      ip: string;
    },
    answer: BbpsFetchResponse | BbpsValidationResponse,
  ): BillFetchRow {
    return {
      id: newId('bft'),
      userId: context.userId,
      kind,
      billerId: context.biller.billerId,
      category: context.biller.billerCategoryName,
      customerParams: context.params,
      refId: answer.response.refId ?? null,
      respCode: answer.respCode,
      amountPaise: null,
      planId: null,
      request: {
        custDetails: context.custDetails,
        billDetails: { billerId: context.biller.billerId, customerParams: context.params },
        ip: context.ip,
      },
      response: answer as unknown as Record<string, unknown>,
      createdAt: new Date(),
    };
  }

  return {
    async fetchBill(
      userId: string,
      requestedCategory: string,
      request: BillRequest,
      device: CustomerDevice,
    ): Promise<BillResponse> {
      const biller = await offeredBiller(request.billDetails.billerId);
      if (canonicalCategory(requestedCategory) !== biller.billerCategoryName) {
        throw badRequest(`${biller.billerName} is not a ${requestedCategory} biller`);
      }
      if (!isSupported(biller.fetchRequirement)) {
        throw badRequest(`${biller.billerName} does not present bills; enter the amount to pay instead`);
      }
      const params = checkCustomerParams(biller.customerParams, request.billDetails.customerParams);
      const custDetails = await customerDetails(userId, request);
      const answer = await ask('fetch', () =>
        deps.bbps.fetchBill(
          { custDetails, billDetails: { billerId: biller.billerId, customerParams: params } },
          device,
        ),
      );
      const row = storedRow('fetch', { userId, biller, params, custDetails, ip: device.ip }, answer);
      const bill = answer.respCode === '1' ? answer.response.billerResponse : undefined;
      const amountPaise = bill && paiseOrUndefined(parsePaise(bill.amount));
      if (answer.respCode === '1' && (!bill || amountPaise === undefined)) {
        deps.logger.warn(
          { billerId: biller.billerId, refId: row.refId },
          'bill fetch answer without a bill amount',
        );
        throw new AppError('BAD_GATEWAY', 'The biller sent an incomplete bill. Please try again later.');
      }
      row.amountPaise = amountPaise ?? null;
      await db.transaction(async (tx) => {
        await insertBillFetch(tx, row);
        if (!bill || amountPaise === undefined) return;
        await upsertSavedBill(tx, {
          id: newId('svb'),
          userId,
          category: biller.billerCategoryName,
          billerId: biller.billerId,
          billerName: biller.billerName,
          customerName: bill.customerName,
          billNumber: bill.billNumber,
          dueDate: bill.dueDate,
          amountPaise,
          customerParams: params,
          accountKey: accountKeyOf(params),
        });
      });
      refuseIfRetryable(answer);
      const envelope = answerEnvelope(answer, row.id, 'Bharat Connect could not fetch this bill');
      if (!bill || amountPaise === undefined) return envelope;
      return {
        ...envelope,
        response: {
          ...envelope.response,
          billerResponse: billForScreens(bill, amountPaise, convenienceFee(biller, amountPaise)),
        },
      };
    },

    /**
     * Validates a payment before it is charged (recharges, billers without bill fetch): the amount
     * is the plan's or the one entered within the biller's limits, and it is stored with the answer
     * so the charge comes from here. Billers that do not support validation are checked by us alone.
     * A plan chosen by the spec's `Id` parameter or the `planId` field follows the same rules.
     */
    async validate(userId: string, request: BillRequest, device: CustomerDevice): Promise<BillResponse> {
      const biller = await offeredBiller(request.billDetails.billerId);
      const params = checkCustomerParams(
        biller.customerParams,
        request.billDetails.customerParams,
        isSupported(biller.planMdmRequirement) ? PLAN_CONTEXT_PARAMS : [],
      );
      const charge = await chargeForValidation(db, biller, request, params);
      if ('planNotSold' in charge) return planNotSoldAnswer(charge.planNotSold);
      const custDetails = await customerDetails(userId, request);
      const billDetails = { billerId: biller.billerId, customerParams: params };
      const answer: BbpsValidationResponse = isSupported(biller.supportBillValidation)
        ? await ask('validation', () =>
            deps.bbps.validate(
              { custDetails, billDetails, amount: String(charge.amountPaise), planId: charge.planId },
              device,
            ),
          )
        : acceptedWithoutNetwork();
      const row = storedRow('validate', { userId, biller, params, custDetails, ip: device.ip }, answer);
      row.amountPaise = charge.amountPaise;
      row.planId = charge.planId ?? null;
      await insertBillFetch(db, row);
      refuseIfRetryable(answer);
      const envelope = answerEnvelope(answer, row.id, 'Bharat Connect could not validate this payment');
      return {
        ...envelope,
        response: {
          ...envelope.response,
          amount: rupeesFromPaise(charge.amountPaise),
          planId: charge.planId,
        },
      };
    },

    async savedBills(userId: string, requestedCategory: string): Promise<SavedBill[]> {
      const category = canonicalCategory(requestedCategory) ?? requestedCategory;
      const rows = await listSavedBills(db, userId, category);
      return rows.map((row) => ({
        _id: row.id,
        category: row.category,
        billerId: row.billerId,
        billerName: row.billerName,
        customerName: row.customerName,
        billNumber: row.billNumber,
        dueDate: row.dueDate,
        amount: rupeesFromPaise(row.amountPaise),
        BillRequest: { billDetails: { customerParams: row.customerParams } },
        paidAt: row.paidAt?.toISOString() ?? null,
      }));
    },

    async deleteSavedBill(userId: string, requestedCategory: string, billNumber: string): Promise<void> {
      const category = canonicalCategory(requestedCategory) ?? requestedCategory;
      const deleted = await deleteSavedBills(db, { userId, category, billNumber });
      if (deleted === 0) throw notFound('Saved bill not found');
    },
  };
}

export type BillsService = ReturnType<typeof createBillsService>;

/** The answer for a biller that takes payments without validation: our own checks passed. */
function acceptedWithoutNetwork(): BbpsValidationResponse {
  return {
    respCode: '1',
    status: 'SUCCESS',
    response: {
      chId: 1,
      responseCode: '000',
      responseReason: 'Successful',
      complianceReason: '',
      complianceRespCd: '',
    },
  };
}

/** The network's code for a plan it does not sell (in that circle); we answer it before asking. */
const PLAN_NOT_SOLD_CODE = 'BVR006';

/**
 * The spec's respCode 0 answer for a plan the operator does not sell in the customer's circle,
 * shaped as the network words it. Nothing is stored: there is nothing to pay from it.
 */
function planNotSoldAnswer(detail: string): BillResponse {
  return {
    respCode: 0,
    status: 'FAILURE',
    response: {
      responseReason: 'Failure',
      complianceReason: detail,
      complianceRespCd: PLAN_NOT_SOLD_CODE,
      errorList: [{ errorCd: PLAN_NOT_SOLD_CODE, errorDtl: detail }],
      noBillDue: false,
    },
  };
}
