import {
  type BbpsBillerMdmResponse,
  type BbpsCirclesResponse,
  type BbpsLocationsResponse,
  type BbpsPlanMdmResponse,
  bbpsPaths,
  testClockChangeSchema,
} from '@erti/protocols';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Faults } from '../faults/faults.ts';
import type { SandboxSystem } from '../modules.ts';
import { BillDesk } from './bills.ts';
import { type Catalogue, catalogueFor } from './catalogue.ts';
import type { SandboxClock } from './clock.ts';
import { ComplaintDesk } from './complaints.ts';
import { failed } from './envelope.ts';
import { coverageLocations } from './locations.ts';
import { PaymentDesk } from './payments.ts';
import { PlanBook } from './plans.ts';
import {
  billerMdmQuery,
  complaintRegistration,
  complaintTrack,
  fetchRequest,
  firstIssue,
  paymentRequest,
  planMdmRequest,
  statusRequest,
  validationRequest,
} from './requests.ts';
import { guardTransport } from './transport.ts';

/**
 * The simulated Bharat Connect operating unit, under `/bou` + `bbpsPaths`: biller and plan master
 * data, coverage locations, bill fetch, validation, payment, status and complaints, in the wire
 * format of packages/protocols/src/bbps.ts, as plain JSON or in the encrypted envelope (transport.ts).
 * State lives in memory for the life of the process.
 */
export const bouSystem: SandboxSystem = async (app, { config, faults, clock }) => {
  const catalogue = catalogueFor(config.extraBillers);
  const plans = new PlanBook();
  const bills = new BillDesk(catalogue, plans, clock, config.newBillHours);
  const payments = new PaymentDesk(catalogue, bills, plans, clock, config.settleAfterMs.pending);
  const complaints = new ComplaintDesk(catalogue, payments, clock);

  await app.register(
    async (bou) => {
      // The network's calls sit behind the unit's AUTH and envelope checks; the tester controls do not.
      await bou.register(async (unit) => {
        guardTransport(unit, config);
        registerMasterData(unit, catalogue, plans);
        registerBills(unit, bills);
        registerPayments(unit, payments, faults);
        registerComplaints(unit, complaints);
      });
      registerControls(bou, payments, clock);
    },
    { prefix: '/bou' },
  );
};

/** Parses a body or query with a schema; on failure answers 400 with `answer(message)` and returns undefined. */
function parse<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  reply: FastifyReply,
  answer: (message: string) => unknown,
): z.infer<Schema> | undefined {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  void reply.status(400).send(answer(firstIssue(parsed.error)));
  return undefined;
}

const mdmError = (message: string) => ({
  billerInfoResponse: { responseCode: '001', responseReason: message },
});
const envelopeError = (message: string) => failed('E400', message);

function registerMasterData(bou: FastifyInstance, catalogue: Catalogue, plans: PlanBook): void {
  bou.get(bbpsPaths.billerMdm, async (request, reply) => {
    const query = parse(billerMdmQuery, request.query, reply, mdmError);
    if (!query) return reply;
    const changed = query.updatedSince ? Date.parse(query.updatedSince) <= catalogue.builtAt.getTime() : true;
    const matching = !changed
      ? []
      : query.category
        ? catalogue.inCategory(query.category)
        : catalogue.entries;
    const start = (query.page - 1) * query.pageSize;
    const answer: BbpsBillerMdmResponse = {
      billerInfoResponse: {
        responseCode: '000',
        totalCount: matching.length,
        page: query.page,
        pageSize: query.pageSize,
        biller: matching.slice(start, start + query.pageSize).map((entry) => entry.biller),
      },
    };
    return answer;
  });

  bou.get<{ Params: { billerId: string } }>(`${bbpsPaths.billerById}/:billerId`, async (request, reply) => {
    const entry = catalogue.byId(request.params.billerId);
    if (!entry) return reply.status(404).send(mdmError(`Unknown biller ${request.params.billerId}`));
    const answer: BbpsBillerMdmResponse = {
      billerInfoResponse: {
        responseCode: '000',
        totalCount: 1,
        page: 1,
        pageSize: 1,
        biller: [entry.biller],
      },
    };
    return answer;
  });

  bou.post(bbpsPaths.planMdm, async (request, reply) => {
    const body = parse(planMdmRequest, request.body, reply, (message) => ({
      planDetailsResponse: { responseCode: '001', responseReason: message, planDetails: [] },
    }));
    if (!body) return reply;
    const planDetails = body.billerId.flatMap((billerId) => {
      const entry = catalogue.byId(billerId);
      return entry ? plans.plansFor(entry) : [];
    });
    const answer: BbpsPlanMdmResponse = { planDetailsResponse: { responseCode: '000', planDetails } };
    return answer;
  });

  bou.get<{ Params: { billerId: string } }>(`${bbpsPaths.circles}/:billerId`, async (request, reply) => {
    const { billerId } = request.params;
    const entry = catalogue.byId(billerId);
    if (!entry?.plans) {
      return reply
        .status(404)
        .send({ responseCode: '001', billerId, circles: [], responseReason: 'Not a plan biller' });
    }
    const answer: BbpsCirclesResponse = { responseCode: '000', billerId, circles: plans.circlesFor(entry) };
    return answer;
  });

  bou.get(bbpsPaths.locations, async () => {
    const answer: BbpsLocationsResponse = { responseCode: '000', locations: coverageLocations };
    return answer;
  });
}

function registerBills(bou: FastifyInstance, bills: BillDesk): void {
  bou.post(bbpsPaths.fetch, async (request, reply) => {
    const body = parse(fetchRequest, request.body, reply, envelopeError);
    if (!body) return reply;
    return bills.fetch(body.billDetails.billerId, body.billDetails.customerParams);
  });

  bou.post(bbpsPaths.validate, async (request, reply) => {
    const body = parse(validationRequest, request.body, reply, envelopeError);
    if (!body) return reply;
    return bills.validate(body);
  });
}

function registerPayments(bou: FastifyInstance, payments: PaymentDesk, faults: Faults): void {
  bou.post(bbpsPaths.pay, async (request, reply) => {
    const body = parse(paymentRequest, request.body, reply, envelopeError);
    if (!body) return reply;
    return payments.pay(body, () => {
      if (faults.flag(request, 'fail')) return 'fail';
      return faults.flag(request, 'pending') ? 'pending' : 'normal';
    });
  });

  bou.post(bbpsPaths.status, async (request, reply) => {
    const body = parse(statusRequest, request.body, reply, () =>
      failed(
        'E400',
        'Give txnReferenceId, clientRequestId, or mobileNo with fromDate and toDate (YYYY-MM-DD)',
      ),
    );
    if (!body) return reply;
    return payments.status(body);
  });
}

function registerComplaints(bou: FastifyInstance, complaints: ComplaintDesk): void {
  const complaintError = (message: string) => ({
    responseCode: '001',
    responseReason: 'FAILURE',
    errorInfo: { error: [{ errorCode: 'E400', errorMessage: message }] },
  });

  bou.post(bbpsPaths.complaintRegister, async (request, reply) => {
    const body = parse(complaintRegistration, request.body, reply, (message) => ({
      complaintRegistrationResp: { complaintAssigned: '', complaintId: '', ...complaintError(message) },
    }));
    if (!body) return reply;
    return complaints.register(body.complaintRegistrationReq);
  });

  bou.post(bbpsPaths.complaintTrack, async (request, reply) => {
    const body = parse(complaintTrack, request.body, reply, (message) => ({
      complaintTrackingResp: {
        complaintAssigned: '',
        complaintId: '',
        complaintStatus: '',
        ...complaintError(message),
      },
    }));
    if (!body) return reply;
    return complaints.track(body.complaintType, body.complaintId);
  });
}

/** Tester controls, outside the BBPS paths: the payment ledger and the network clock. */
function registerControls(bou: FastifyInstance, payments: PaymentDesk, clock: SandboxClock): void {
  bou.get('/_sandbox/transactions', async () => ({ transactions: payments.ledger() }));

  const clockState = () => ({ now: clock.now().toISOString(), offsetMs: clock.offset });
  bou.get('/_sandbox/clock', async () => clockState());
  bou.post('/_sandbox/clock', async (request, reply) => {
    const body = parse(testClockChangeSchema, request.body, reply, (message) => ({ message }));
    if (!body) return reply;
    clock.advance(body.advanceMs);
    return clockState();
  });
  bou.delete('/_sandbox/clock', async () => {
    clock.reset();
    return clockState();
  });
}
