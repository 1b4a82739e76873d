import type {
  Language,
  OrderDetail,
  OrdersResponse,
  PaymentSource,
  PaymentStatusResponse,
  QuoteResponse,
} from '@erti/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isGatewayFailure } from '../../integrations/payment-gateway.ts';
import { translatorFor } from '../../lib/i18n.ts';
import type { NetworkMarks } from '../../lib/network-marks.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { ChargeConfirmationService } from './charge-confirmation.service.ts';
import { chargeOf } from './hand-offs.ts';
import { priceOrder } from './order-pricing.ts';
import { toOrderDetail, toOrderSummary, toPaymentStatusResponse } from './order-views.ts';
import { findOrderByAnyId, listEvents, listUserOrders, type OrderRow } from './orders.repository.ts';
import { receiptMarksOf } from './receipt-marks.ts';
import { buildReceiptPdf } from './receipt-pdf.ts';
import { listRefunds, listRefundsOfOrders } from './refunds.repository.ts';

export interface OrdersDeps {
  db: Database;
  charges: ChargeConfirmationService;
  logger: FastifyBaseLogger;
  networkMarks: NetworkMarks;
}

/**
 * The user-facing side of payments besides the hand-offs (hand-offs.ts and each gateway's plug-in):
 * quotes, the status poll, the user's orders and receipts.
 */
export function createOrdersService(deps: OrdersDeps) {
  const { db } = deps;

  async function ownOrder(user: AuthUser, id: string): Promise<OrderRow> {
    const order = await findOrderByAnyId(db, id);
    if (!order || (order.userId !== user.id && user.role !== 'merchant')) throw notFound('Order not found');
    return order;
  }

  return {
    async quote(user: AuthUser, body: PaymentSource & { amount?: number | string }): Promise<QuoteResponse> {
      const priced = await priceOrder(db, user.id, body, body.amount);
      return {
        ...chargeOf(priced),
        kind: priced.kind,
        billerId: priced.billerId,
        billerName: priced.billerName,
        category: priced.category,
        customerParams: priced.customerParams,
      };
    },

    /** The status modal's poll: asks the gateway while the payment is undecided (idempotent). */
    async paymentStatus(user: AuthUser, merchantOrderId: string): Promise<PaymentStatusResponse> {
      let order = await ownOrder(user, merchantOrderId);
      if (order.status === 'PAYMENT_PENDING') {
        try {
          order = (await deps.charges.confirmCharge(order.id, 'status-poll')) ?? order;
        } catch (error) {
          if (!isGatewayFailure(error)) throw error;
          deps.logger.warn({ err: error, orderId: order.id }, 'status poll could not reach the gateway');
        }
      }
      // Only a refund's wording depends on how the order got there.
      const refunding = order.status === 'BILL_FAILED' || order.status === 'REFUND_PENDING';
      const events = refunding ? await listEvents(db, order.id) : [];
      return toPaymentStatusResponse(order, await listRefunds(db, order.id), events);
    },

    async listOrders(user: AuthUser, page: number, pageSize: number): Promise<OrdersResponse> {
      const { rows, total } = await listUserOrders(db, user.id, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      const refunds = await listRefundsOfOrders(
        db,
        rows.map((order) => order.id),
      );
      const orders = rows.map((order) =>
        toOrderSummary(
          order,
          refunds.filter((refund) => refund.orderId === order.id),
        ),
      );
      return { orders, total, page, pageSize };
    },

    async orderDetail(user: AuthUser, orderId: string): Promise<OrderDetail> {
      const order = await ownOrder(user, orderId);
      return toOrderDetail(order, await listEvents(db, order.id), await listRefunds(db, order.id));
    },

    /** The receipt in the reader's language: the request's, as the site shows it (decision 090). */
    async receipt(user: AuthUser, orderId: string, language: Language): Promise<Buffer> {
      const order = await ownOrder(user, orderId);
      const refunds = await listRefunds(db, order.id);
      const marks = await receiptMarksOf(deps.networkMarks);
      return buildReceiptPdf(order, refunds, translatorFor(language), marks);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
