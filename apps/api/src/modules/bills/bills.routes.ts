import {
  billRequestSchema,
  billResponseSchema,
  deleteSavedBillRequestSchema,
  messageResponseSchema,
  savedBillSchema,
  savedBillsRequestSchema,
} from '@erti/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keyedMessage } from '../../answer-messages.ts';
import { clientIpAddress } from '../../integrations/bbps/agent-device.ts';
import { type Auth, currentUser } from '../../plugins/auth.ts';
import type { BillsService } from './bills.service.ts';

const tags = ['bills'];
const security = [{ bearer: [] }];

/** The spec's bill calls (section 7, `/bbps/prod`): fetch, validate and saved bills, for signed-in users. */
export function billsRoutes(options: { bills: BillsService; auth: Auth }): FastifyPluginAsyncZod {
  const { bills, auth } = options;
  return async (app) => {
    app.post(
      '/bbps/prod/bill/:billerCategoryName',
      {
        preHandler: auth.requireUser,
        schema: {
          tags,
          security,
          description:
            'Fetches the bill of a customer account. Amounts in the answer are rupees ("1234.50").',
          params: z.object({ billerCategoryName: z.string().trim().min(1).max(100) }),
          body: billRequestSchema,
          response: { 200: billResponseSchema },
        },
      },
      async (request) =>
        bills.fetchBill(currentUser(request).id, request.params.billerCategoryName, request.body, {
          ip: clientIpAddress(request.ip),
        }),
    );

    app.post(
      '/bbps/prod/validate',
      {
        preHandler: auth.requireUser,
        schema: {
          tags,
          security,
          description:
            'Validates a payment before it is charged: `amount` in paise, or for plan billers the plan id, as the spec sends it ' +
            '(customer parameter `Id`) or in `planId`. A plan the operator does not sell in that circle is answered respCode 0 ' +
            'with the reason. The answer names the amount (rupees) that will be charged.',
          body: billRequestSchema,
          response: { 200: billResponseSchema },
        },
      },
      async (request) =>
        bills.validate(currentUser(request).id, request.body, { ip: clientIpAddress(request.ip) }),
    );

    app.post(
      '/bbps/prod/mybills/category',
      {
        preHandler: auth.requireUser,
        schema: {
          tags,
          security,
          body: savedBillsRequestSchema,
          response: { 200: z.array(savedBillSchema) },
        },
      },
      async (request) => bills.savedBills(currentUser(request).id, request.body.category),
    );

    app.delete(
      '/bbps/prod/mybills/category',
      {
        preHandler: auth.requireUser,
        schema: {
          tags,
          security,
          body: deleteSavedBillRequestSchema,
          response: { 200: messageResponseSchema },
        },
      },
      async (request) => {
        await bills.deleteSavedBill(currentUser(request).id, request.body.category, request.body.billNumber);
        return keyedMessage('bills.savedRemoved');
      },
    );
  };
}
