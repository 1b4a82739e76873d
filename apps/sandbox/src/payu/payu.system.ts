import { indiaDateTime } from '@erti/contracts/india-time';
import {
  hexDigestsEqual,
  type PayuCommand,
  type PayuPostback,
  type PayuStatus,
  type PayuUnmappedStatus,
  paiseToPayuAmount,
  payuAmountToPaise,
  payuCommandHash,
  payuRequestHash,
  payuResponseHash,
} from '@erti/protocols';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { autoPostPage } from '../gateway-kit/html.ts';
import { randomDigits } from '../gateway-kit/ids.ts';
import type { SandboxGateway } from '../gateway-kit/sandbox-gateway.ts';
import type { SandboxConfig, SandboxSystem } from '../modules.ts';
import { payuCheckoutPage, payuErrorPage, SUCCESS_TEST_CARDS } from './payu-pages.ts';
import { type PayuAttempt, PayuStore, refundAction } from './payu-store.ts';

const text = z.string().max(500);
const paymentFormSchema = z.object({
  key: text,
  txnid: z.string().min(1).max(25),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  productinfo: z.string().min(1).max(100),
  firstname: z.string().min(1).max(60),
  lastname: text.optional(),
  email: z.string().min(3).max(50),
  phone: z.string().min(1).max(20),
  surl: z.url(),
  furl: z.url(),
  hash: z.string().min(1).max(200),
  udf1: z.string().max(255).optional(),
  udf2: z.string().max(255).optional(),
  udf3: z.string().max(255).optional(),
  udf4: z.string().max(255).optional(),
  udf5: z.string().max(255).optional(),
});
type PaymentForm = z.infer<typeof paymentFormSchema>;

const outcomeSchema = z.object({
  outcome: z.enum(['success', 'failure', 'pending', 'card']),
  cardNumber: z.string().max(30).optional(),
});

const commandSchema = z.object({
  key: z.string(),
  command: z.enum(['verify_payment', 'cancel_refund_transaction', 'check_action_status']),
  var1: z.string().min(1).max(2000),
  var2: z.string().max(100).optional(),
  var3: z.string().max(20).optional(),
  hash: z.string(),
});

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply.status(status).type('text/html; charset=utf-8').send(html);

const hashFields = (form: PaymentForm) => ({
  key: form.key,
  txnid: form.txnid,
  amount: form.amount,
  productinfo: form.productinfo,
  firstname: form.firstname,
  email: form.email,
  udf1: form.udf1,
  udf2: form.udf2,
  udf3: form.udf3,
  udf4: form.udf4,
  udf5: form.udf5,
});

/** The outcome the tester chose (or the card decided), unless a fault flag overrides it. */
function chosenOutcome(
  body: z.infer<typeof outcomeSchema>,
  forced: { fail: boolean; pending: boolean },
): { status: PayuStatus; unmapped: PayuUnmappedStatus; card: boolean } {
  const card = body.outcome === 'card';
  if (forced.fail) return { status: 'failure', unmapped: 'failed', card };
  if (forced.pending) return { status: 'pending', unmapped: 'pending', card };
  if (card) {
    const number = (body.cardNumber ?? '').replace(/\D/g, '');
    return SUCCESS_TEST_CARDS.includes(number)
      ? { status: 'success', unmapped: 'captured', card }
      : { status: 'failure', unmapped: 'failed', card };
  }
  if (body.outcome === 'success') return { status: 'success', unmapped: 'captured', card };
  if (body.outcome === 'pending') return { status: 'pending', unmapped: 'pending', card };
  return { status: 'failure', unmapped: 'userCancelled', card };
}

/** The fields PayU posts back to surl/furl, with the reverse hash. */
function postback(attempt: PayuAttempt, config: SandboxConfig): PayuPostback {
  const form = attempt.form;
  const status = attempt.status as PayuStatus;
  const amount = paiseToPayuAmount(attempt.amountPaise);
  const fields = {
    key: config.payuKey,
    txnid: attempt.txnid,
    amount,
    productinfo: form.productinfo ?? '',
    firstname: form.firstname ?? '',
    email: form.email ?? '',
    udf1: form.udf1 ?? '',
    udf2: form.udf2 ?? '',
    udf3: form.udf3 ?? '',
    udf4: form.udf4 ?? '',
    udf5: form.udf5 ?? '',
  };
  return {
    ...fields,
    mihpayid: attempt.mihpayid,
    mode: attempt.mode,
    status,
    unmappedstatus: attempt.unmappedstatus as PayuUnmappedStatus,
    lastname: form.lastname ?? '',
    phone: form.phone ?? '',
    hash: payuResponseHash({ ...fields, status }, config.payuSalt),
    bank_ref_num: attempt.bankRefNum,
    bankcode: attempt.bankcode,
    PG_TYPE: attempt.mode === 'CC' ? 'CC-PG' : 'UPI-PG',
    error: attempt.errorCode,
    error_Message: attempt.errorMessage,
    addedon: attempt.addedon,
    net_amount_debit: status === 'success' ? amount : '0.00',
    ...(attempt.cardnum ? { cardnum: attempt.cardnum } : {}),
  };
}

function newAttempt(form: PaymentForm, amountPaise: number): PayuAttempt {
  return {
    mihpayid: randomDigits(18),
    txnid: form.txnid,
    amountPaise,
    form: { ...form },
    status: 'initiated',
    unmappedstatus: 'initiated',
    mode: 'UPI',
    bankcode: 'UPI',
    cardnum: '',
    bankRefNum: '',
    errorCode: '',
    errorMessage: '',
    addedon: indiaDateTime(),
    createdAt: Date.now(),
  };
}

/**
 * Simulated PayU India: the hosted checkout (`_payment` form post with its request hash, a pay page,
 * the post back to surl/furl with the reverse hash) and the postservice API (`verify_payment`,
 * `cancel_refund_transaction`, `check_action_status`). protocols.md §1.
 */
export const payuSystem: SandboxSystem = async (app: FastifyInstance, { config, faults }) => {
  const store = new PayuStore(config.settleAfterMs);

  app.post('/payu/_payment', async (request, reply) => {
    const parsed = paymentFormSchema.safeParse(request.body);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') ?? 'request';
      return sendHtml(reply, 400, payuErrorPage(`Mandatory parameter ${field} is missing or invalid`));
    }
    const form = parsed.data;
    if (form.key !== config.payuKey) return sendHtml(reply, 400, payuErrorPage('Invalid merchant key'));
    const expected = payuRequestHash(hashFields(form), config.payuSalt);
    if (!hexDigestsEqual(expected, form.hash)) {
      request.log.warn({ txnid: form.txnid }, 'PayU request hash mismatch');
      return sendHtml(
        reply,
        400,
        payuErrorPage('Transaction failed due to incorrectly calculated hash parameter'),
      );
    }
    if (store.hasSucceeded(form.txnid)) return sendHtml(reply, 400, payuErrorPage('Duplicate Order ID'));
    const amountPaise = payuAmountToPaise(form.amount);
    if (!amountPaise || amountPaise < 100) return sendHtml(reply, 400, payuErrorPage('Invalid amount'));
    const attempt = newAttempt(form, amountPaise);
    store.addAttempt(attempt);
    return sendHtml(reply, 200, payuCheckoutPage(attempt));
  });

  app.post<{ Params: { mihpayid: string } }>('/payu/_payment/:mihpayid', async (request, reply) => {
    const attempt = store.attempt(request.params.mihpayid);
    if (!attempt) return sendHtml(reply, 404, payuErrorPage('Transaction not found'));
    if (attempt.status !== 'initiated')
      return sendHtml(reply, 409, payuErrorPage('This payment is already complete'));
    if (store.bounced(attempt))
      return sendHtml(reply, 409, payuErrorPage('This payment session has expired'));
    const body = outcomeSchema.safeParse(request.body);
    if (!body.success) return sendHtml(reply, 400, payuErrorPage('Choose an outcome'));
    const outcome = chosenOutcome(body.data, {
      fail: faults.flag(request, 'fail'),
      pending: faults.flag(request, 'pending'),
    });
    if (outcome.card) {
      const number = (body.data.cardNumber ?? '').replace(/\D/g, '');
      attempt.mode = 'CC';
      attempt.bankcode = number.startsWith('4') ? 'VISA' : 'MAST';
      attempt.cardnum = `${number.slice(0, 6)}XXXXXX${number.slice(-4)}`;
    }
    attempt.bankRefNum = randomDigits(12);
    attempt.errorCode = outcome.status === 'failure' ? 'E308' : 'E000';
    attempt.errorMessage = outcome.status === 'failure' ? 'Transaction declined by the bank' : 'No Error';
    const settled = store.settle(attempt, outcome.status, outcome.unmapped);
    const action = settled === 'success' ? attempt.form.surl : attempt.form.furl;
    const fields = Object.fromEntries(
      Object.entries(postback(attempt, config)).map(([name, value]) => [name, String(value)]),
    );
    return sendHtml(
      reply,
      200,
      autoPostPage({ brand: 'PayU', colour: '#15803d', action: action ?? '', fields }),
    );
  });

  const postservice = async (request: { body: unknown }, reply: FastifyReply) => {
    const parsed = commandSchema.safeParse(request.body);
    if (!parsed.success) return reply.send({ status: 0, msg: 'Parameter missing', error_code: 124 });
    const { key, command, var1, var2, var3, hash } = parsed.data;
    if (
      key !== config.payuKey ||
      !hexDigestsEqual(payuCommandHash(key, command, var1, config.payuSalt), hash)
    )
      return reply.send({ status: 0, msg: 'Invalid Hash.' });
    store.advance();
    return reply.send(runCommand(command, var1, var2, var3));
  };

  function runCommand(command: PayuCommand, var1: string, var2?: string, var3?: string) {
    if (command === 'verify_payment') {
      const txnids = var1.split('|').filter(Boolean);
      const details = Object.fromEntries(txnids.map((txnid) => [txnid, store.verified(txnid)]));
      const found = Object.values(details).filter((detail) => detail.status !== 'Not Found').length;
      return {
        status: found > 0 ? 1 : 0,
        msg: `${found} out of ${txnids.length} Transactions Fetched Successfully`,
        transaction_details: details,
      };
    }
    if (command === 'cancel_refund_transaction') return refund(var1, var2, var3);
    const actions = store.refundActions(var1, var2 === 'payuid');
    const details: Record<string, Record<string, ReturnType<typeof refundAction>>> = {};
    for (const action of actions) {
      details[action.mihpayid] ??= {};
      (details[action.mihpayid] as Record<string, ReturnType<typeof refundAction>>)[action.requestId] =
        refundAction(action);
    }
    return {
      status: actions.length > 0 ? 1 : 0,
      msg: `${actions.length > 0 ? 1 : 0} out of 1 Transactions Fetched Successfully`,
      transaction_details: details,
    };
  }

  function refund(mihpayid: string, token?: string, amount?: string) {
    const attempt = store.attempt(mihpayid);
    if (!attempt) return { status: 0, msg: 'Transaction not found', error_code: 116 };
    if (!token) return { status: 0, msg: 'Input data missing', error_code: 124 };
    const existing = store.refundByToken(mihpayid, token);
    if (existing)
      return {
        status: 0,
        msg: 'Token already exists',
        error_code: 106,
        request_id: existing.requestId,
        mihpayid,
      };
    if (attempt.status !== 'success')
      return { status: 0, msg: 'Invalid transaction status', error_code: 111 };
    const amountPaise = amount ? payuAmountToPaise(amount) : undefined;
    if (!amountPaise || amountPaise > store.ledger.refundable(attempt.txnid))
      return { status: 0, msg: 'Invalid amount', error_code: 105 };
    const created = store.addRefund(attempt, token, amountPaise);
    return {
      status: 1,
      msg: 'Refund Request Queued',
      request_id: created.requestId,
      bank_ref_num: null,
      mihpayid,
      error_code: 102,
    };
  }

  app.post('/payu/merchant/postservice.php', postservice);
  app.post('/payu/merchant/postservice', postservice);

  app.get('/payu/_sandbox/ledger', async () => ({ orders: store.ledger.list() }));
  /** Test control: settle every pending payment and complete every queued refund now. */
  app.post('/payu/_sandbox/settle', async () => {
    store.advance(Date.now(), true);
    return { settled: true };
  });
};

const payuEnv = z.object({
  PAYU_KEY: z.string().default('erti_test_key'),
  PAYU_SALT: z.string().default('erti_test_salt'),
});

/** The sandbox's PayU: the merchant key and salt the api signs with. */
export const payuSandbox: SandboxGateway<{ payuKey: string; payuSalt: string }> = {
  name: 'payu',
  settings: (env) => {
    const parsed = payuEnv.parse(env);
    return { payuKey: parsed.PAYU_KEY, payuSalt: parsed.PAYU_SALT };
  },
  system: payuSystem,
};
