import { payuCommandHash, payuRequestHash } from '@erti/protocols';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSandbox, type Sandbox } from '../app.ts';
import { sandboxConfigFor } from '../config.ts';

let sandbox: Sandbox;
const config = sandboxConfigFor({ publicUrl: 'http://sandbox.test', apiUrl: 'http://api.test' });

beforeAll(async () => {
  sandbox = await buildSandbox(config);
});
afterAll(async () => {
  await sandbox.app.close();
});

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

function checkout(txnid: string, amount = '499.00') {
  const fields = {
    key: config.payuKey,
    txnid,
    amount,
    productinfo: 'Electricity',
    firstname: 'Asha',
    email: 'asha@example.com',
  };
  return {
    ...fields,
    phone: '9876543210',
    surl: 'http://api.test/s',
    furl: 'http://api.test/f',
    hash: payuRequestHash(fields, config.payuSalt),
  };
}

const command = (name: string, var1: string, extra: Record<string, string> = {}) =>
  sandbox.app.inject({
    method: 'POST',
    url: '/payu/merchant/postservice?form=2',
    ...form({
      key: config.payuKey,
      command: name,
      var1,
      ...extra,
      hash: payuCommandHash(config.payuKey, name, var1, config.payuSalt),
    }),
  });

describe('PayU sandbox', () => {
  it('shows the checkout for a correctly hashed form and an error page for a wrong hash', async () => {
    const good = await sandbox.app.inject({ method: 'POST', url: '/payu/_payment', ...form(checkout('T1')) });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('<button type="submit" name="outcome" value="success">Success</button>');
    const tampered = await sandbox.app.inject({
      method: 'POST',
      url: '/payu/_payment',
      ...form({ ...checkout('T2'), amount: '1.00' }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('incorrectly calculated hash');
  });

  it('answers verify_payment, refunds at most what was captured, once per token', async () => {
    const page = await sandbox.app.inject({ method: 'POST', url: '/payu/_payment', ...form(checkout('T3')) });
    const mihpayid = /\/payu\/_payment\/(\d+)/.exec(page.body)?.[1] ?? '';
    await sandbox.app.inject({
      method: 'POST',
      url: `/payu/_payment/${mihpayid}`,
      ...form({ outcome: 'success' }),
    });
    const verified = (await command('verify_payment', 'T3|NOPE')).json();
    expect(verified.status).toBe(1);
    expect(verified.transaction_details.T3).toMatchObject({ status: 'success', mihpayid, amt: '499.00' });
    expect(verified.transaction_details.NOPE.status).toBe('Not Found');

    expect(
      (await command('cancel_refund_transaction', mihpayid, { var2: 'R1', var3: '500.00' })).json()
        .error_code,
    ).toBe(105);
    const refund = (
      await command('cancel_refund_transaction', mihpayid, { var2: 'R1', var3: '499.00' })
    ).json();
    expect(refund).toMatchObject({ status: 1, error_code: 102 });
    const again = (
      await command('cancel_refund_transaction', mihpayid, { var2: 'R1', var3: '499.00' })
    ).json();
    expect(again).toMatchObject({ error_code: 106, request_id: refund.request_id });
    const ledger = (await sandbox.app.inject({ method: 'GET', url: '/payu/_sandbox/ledger' })).json();
    expect(ledger.orders).toContainEqual({
      order: 'T3',
      charged: 49_900,
      charges: 1,
      refunded: 49_900,
      refunds: 1,
    });
  });

  it('captures a txnid once: a pending attempt settling after a retry succeeded fails instead', async () => {
    const attempt = async () => {
      const page = await sandbox.app.inject({
        method: 'POST',
        url: '/payu/_payment',
        ...form(checkout('T9')),
      });
      return /\/payu\/_payment\/(\d+)/.exec(page.body)?.[1] ?? '';
    };
    const pay = (mihpayid: string, outcome: string) =>
      sandbox.app.inject({ method: 'POST', url: `/payu/_payment/${mihpayid}`, ...form({ outcome }) });
    const upi = await attempt();
    await pay(upi, 'pending');
    const card = await attempt();
    expect((await pay(card, 'success')).body).toContain('action="http://api.test/s"');
    await sandbox.app.inject({ method: 'POST', url: '/payu/_sandbox/settle' });

    const ledger = (await sandbox.app.inject({ method: 'GET', url: '/payu/_sandbox/ledger' })).json();
    expect(ledger.orders.find((entry: { order: string }) => entry.order === 'T9')).toMatchObject({
      charges: 1,
      charged: 49_900,
    });
    expect((await command('verify_payment', 'T9')).json().transaction_details.T9).toMatchObject({
      status: 'success',
      mihpayid: card,
    });
  });

  it('bounces a checkout left unpaid for 15 minutes: its page takes no payment after that', async () => {
    const page = await sandbox.app.inject({
      method: 'POST',
      url: '/payu/_payment',
      ...form(checkout('T10')),
    });
    const mihpayid = /\/payu\/_payment\/(\d+)/.exec(page.body)?.[1] ?? '';
    expect((await command('verify_payment', 'T10')).json().transaction_details.T10).toMatchObject({
      status: 'pending',
      unmappedstatus: 'in progress',
    });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60_000 });
    try {
      const late = await sandbox.app.inject({
        method: 'POST',
        url: `/payu/_payment/${mihpayid}`,
        ...form({ outcome: 'success' }),
      });
      expect(late.statusCode).toBe(409);
      expect((await command('verify_payment', 'T10')).json().transaction_details.T10).toMatchObject({
        status: 'failure',
        unmappedstatus: 'bounced',
      });
      const ledger = (await sandbox.app.inject({ method: 'GET', url: '/payu/_sandbox/ledger' })).json();
      expect(ledger.orders.find((entry: { order: string }) => entry.order === 'T10')).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a postservice call with a wrong hash', async () => {
    const response = await sandbox.app.inject({
      method: 'POST',
      url: '/payu/merchant/postservice.php?form=2',
      ...form({ key: config.payuKey, command: 'verify_payment', var1: 'T3', hash: 'bad' }),
    });
    expect(response.json()).toMatchObject({ status: 0, msg: 'Invalid Hash.' });
  });
});
