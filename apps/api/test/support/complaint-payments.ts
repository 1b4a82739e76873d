import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { orders } from '../../src/db/schema/payments.ts';
import { bbpsClientFromConfig } from '../../src/integrations/bbps/bbps-client.ts';
import { newId } from '../../src/lib/ids.ts';
import type { TestEnv } from './test-env.ts';

const MSEDCL = 'MAHA00000MAH01';

export interface PaidTxn {
  txnReferenceId: string;
  amountPaise: number;
  mobile: string;
}

/**
 * Payments to complain about: real bill payments on the sandbox network (fetch, then pay) made as the
 * payments module would, and our orders for them.
 */
export function complaintPayments(env: TestEnv) {
  const network = bbpsClientFromConfig(env.config);
  let nextConsumer = 500;

  /** A payment on the network; no order of ours names it until `orderFor`. */
  async function paidTransaction(mobile = '9876500001'): Promise<PaidTxn> {
    nextConsumer += 1;
    const customerParams = [
      { name: 'Consumer No', value: `17001${String(nextConsumer).padStart(7, '0')}` },
      { name: 'BU', value: '4637' },
    ];
    const custDetails = { mobileNo: mobile, customerTags: [{ name: 'EMAIL', value: 'asha@example.com' }] };
    const device = { ip: '127.0.0.1' };
    const bill = await network.fetchBill(
      { custDetails, billDetails: { billerId: MSEDCL, customerParams } },
      device,
    );
    const amount = bill.response.billerResponse!.amount;
    const paid = await network.pay(
      {
        refId: bill.response.refId,
        clientRequestId: randomUUID(),
        custDetails,
        billDetails: { billerId: MSEDCL, customerParams },
        amountDetails: { amount, currency: '356', custConvFee: '0', couCustConvFee: '0' },
        paymentDetails: {
          paymentMode: 'UPI',
          quickPay: 'No',
          splitPay: 'No',
          offusPay: 'No',
          paymentInfo: [{ name: 'VPA', value: 'asha@upi' }],
        },
      },
      device,
    );
    expect(paid.respCode).toBe('1');
    return { txnReferenceId: paid.response.txnReferenceId!, amountPaise: Number(amount), mobile };
  }

  /** Our order for a network transaction, as the payments module stores it. */
  async function orderFor(userId: string, txn: PaidTxn, createdAt = new Date(), convenienceFeePaise = 0) {
    await env.database.db.insert(orders).values({
      id: newId('ord'),
      merchantOrderId: `EP${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      userId,
      status: 'SUCCESS',
      kind: 'bill',
      billerId: MSEDCL,
      billerName: 'Maharashtra State Electricity Distribution Co. Ltd.',
      category: 'Electricity',
      customerParams: [{ name: 'Consumer No', value: '170010000001' }],
      amountPaise: txn.amountPaise,
      convenienceFeePaise,
      txnReferenceId: txn.txnReferenceId,
      payer: { name: 'Asha', email: 'asha@example.com', phone: txn.mobile },
      createdAt,
    });
  }

  /** A payment of `userId`'s on the network, with our order for it. */
  async function paymentOf(userId: string, mobile?: string): Promise<PaidTxn> {
    const txn = await paidTransaction(mobile);
    await orderFor(userId, txn);
    return txn;
  }

  return { network, paidTransaction, orderFor, paymentOf };
}
