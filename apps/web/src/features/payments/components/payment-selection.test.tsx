import type { Biller } from '@erti/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentSelectionState } from '../../../lib/navigation-state.ts';
import { pressLoginInPopup } from '../../../test/login-popup.ts';
import { renderScreen, signIn, stubApi } from '../testing/render.tsx';
import { PaymentSelection } from './payment-selection.tsx';

const QUOTE = 'POST /api/orders/quote';
const PAYU = 'POST /api/payu/generate-hash';
const PHONEPE = 'POST /api/phonepe/pay';

const biller: Biller = {
  billerId: 'TATAPWR00MUM01',
  billerName: 'Tata Power - Mumbai',
  billerCategoryName: 'Electricity',
  customerParams: [{ paramName: 'Consumer Number', optional: 'false', regex: '^\\d{12}$' }],
  planMdmRequirement: 'NOT_SUPPORTED',
  fetchRequirement: 'MANDATORY',
  supportBillValidation: 'NOT_SUPPORTED',
};
const billRequest = {
  billDetails: {
    billerId: biller.billerId,
    customerParams: [{ name: 'Consumer Number', value: '900000000123' }],
  },
};
const billPayment: PaymentSelectionState = {
  amount: 1250,
  biller,
  billReq: billRequest,
  billRes: {
    respCode: 1,
    response: {
      billFetchId: 'bf_1',
      billerResponse: { customerName: 'Asha Rao', amount: '125000', billNumber: 'B-77' },
    },
  },
};
const recharge: PaymentSelectionState = {
  amount: 299,
  biller: { ...biller, billerName: 'Jio Prepaid', billerCategoryName: 'Mobile Prepaid' },
  plan: { id: 'JIO299', categoryType: 'Unlimited', description: '2GB/day for 28 days' },
  validationReq: billRequest,
  validationRes: { respCode: 1, response: { billFetchId: 'val_1' } },
};
const quote = {
  kind: 'bill',
  billerId: biller.billerId,
  billerName: biller.billerName,
  category: 'Electricity',
  customerParams: [],
  amountPaise: 125_000,
  convenienceFeePaise: 1_000,
  totalPaise: 126_000,
};
const payuAnswer = {
  txnid: 'EPtxn1',
  hash: 'h'.repeat(128),
  orderId: 'ord_1',
  action: 'http://sandbox.test/payu/_payment',
  fields: {
    key: 'payu_key',
    txnid: 'EPtxn1',
    amount: '1260.00',
    productinfo: biller.billerName,
    firstname: 'Asha',
    lastname: 'Rao',
    email: 'asha@example.com',
    phone: '9876543210',
    udf1: 'usr_1',
    hash: 'h'.repeat(128),
    surl: 'http://site.test/api/payu/payment-success',
    furl: 'http://site.test/api/payu/payment-failure',
  },
  charge: { amountPaise: 125_000, convenienceFeePaise: 1_000, totalPaise: 126_000 },
};

let submit: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  signIn();
});
afterEach(() => {
  submit.mockRestore();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  for (const form of document.querySelectorAll('form[hidden]')) form.remove();
});

const renderSelection = (state?: PaymentSelectionState) =>
  renderScreen(<PaymentSelection navigationState={state ?? null} />, { path: '/payment-selection', state });

describe('payment selection', () => {
  it('says there is nothing to pay without a payment in state', () => {
    stubApi({});
    renderSelection();
    expect(screen.getByText('There is no bill or recharge waiting to be paid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose a service to pay' }).getAttribute('href')).toBe(
      '/services',
    );
  });

  it('shows the bill with the convenience fee and total the server will charge', async () => {
    const api = stubApi({ [QUOTE]: () => ({ body: quote }) });
    renderSelection(billPayment);
    const summary = screen.getByRole('region', { name: 'You are paying' });
    expect(within(summary).getByText('Tata Power - Mumbai')).toBeTruthy();
    expect(within(summary).getByText('900000000123')).toBeTruthy();
    expect(within(summary).getByText('Asha Rao')).toBeTruthy();
    expect(await within(summary).findByText('₹10.00')).toBeTruthy();
    expect(within(summary).getByText('₹1,260.00')).toBeTruthy();
    expect(api.callsTo(QUOTE)[0]?.body).toMatchObject({
      amount: 1250,
      billRes: { response: { billFetchId: 'bf_1' } },
    });
  });

  it('writes the due date the way the bill confirmation does', async () => {
    stubApi({ [QUOTE]: () => ({ body: quote }) });
    const billRes = billPayment.billRes!;
    renderSelection({
      ...billPayment,
      billRes: {
        ...billRes,
        response: {
          ...billRes.response,
          billerResponse: { ...billRes.response.billerResponse, dueDate: '2026-11-13' },
        },
      },
    });
    const summary = screen.getByRole('region', { name: 'You are paying' });
    expect(within(summary).getByText('13 Nov 2026')).toBeTruthy();
    expect(within(summary).queryByText('2026-11-13')).toBeNull();
    await within(summary).findByText('₹10.00');
  });

  it('posts the signed PayU form with exactly the fields the server gave', async () => {
    const api = stubApi({ [QUOTE]: () => ({ body: quote }), [PAYU]: () => ({ body: payuAnswer }) });
    renderSelection(billPayment);
    await userEvent.click(screen.getByRole('button', { name: /Pay with PayU/ }));

    await vi.waitFor(() => expect(submit).toHaveBeenCalledOnce());
    expect(api.callsTo(PAYU)[0]?.body).toMatchObject({
      mode: 'website',
      amount: 1250,
      productinfo: 'Tata Power - Mumbai',
      udf1: 'usr_1',
      firstname: 'Asha',
      lastname: 'Rao',
      email: 'asha@example.com',
      phone: '9876543210',
      billReq: billRequest,
      billRes: { response: { billFetchId: 'bf_1' } },
    });
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe(payuAnswer.action);
    expect(Object.fromEntries(new FormData(form))).toEqual(payuAnswer.fields);
    expect(screen.getByRole('button', { name: /Pay with PhonePe/ })).toHaveProperty('disabled', true);
  });

  it("opens PhonePe's pay page with the plan of a recharge", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = stubApi({
      [QUOTE]: () => ({ body: { ...quote, kind: 'recharge' } }),
      [PHONEPE]: () => ({
        body: {
          redirectUrl: 'http://sandbox.test/phonepe/pay-page/OMO1',
          merchantOrderId: 'EP1',
          orderId: 'ord_2',
          charge: payuAnswer.charge,
        },
      }),
    });
    renderSelection(recharge);
    await userEvent.click(screen.getByRole('button', { name: /Pay with PhonePe/ }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://sandbox.test/phonepe/pay-page/OMO1'));
    expect(api.callsTo(PHONEPE)[0]?.body).toMatchObject({
      amount: 299,
      plan: { id: 'JIO299', categoryType: 'Unlimited' },
      validationRes: { response: { billFetchId: 'val_1' } },
    });
  });

  it.each([
    ['a recharge', recharge, /Pay with PayU/, 'Failed to initialize payment payu'],
    [
      'a validated bill (not a recharge)',
      { ...recharge, biller, plan: undefined },
      /Pay with PayU/,
      'Failed to initialize payu payment',
    ],
    [
      'a payment without a bill',
      { amount: 10, biller },
      /Pay with PayU/,
      'Failed to initialize payu payment',
    ],
    ['any payment', billPayment, /Pay with PhonePe/, 'Failed to initialize phonepe payment'],
  ])('warns when the gateway cannot start for %s', async (_name, state, button, line) => {
    stubApi({
      [QUOTE]: () => ({ body: quote }),
      [PAYU]: () => ({ status: 502, body: { message: 'Bad gateway' } }),
      [PHONEPE]: () => ({ status: 502, body: { message: 'Bad gateway' } }),
    });
    renderSelection(state as PaymentSelectionState);
    await userEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findAllByText(line)).toHaveLength(2); // the toast and the notice on the page
  });

  it("alerts 'Failed to initialize payment' for a fetched bill", async () => {
    stubApi({ [QUOTE]: () => ({ body: quote }), [PAYU]: () => ({ status: 500, body: { message: 'Oops' } }) });
    renderSelection(billPayment);
    await userEvent.click(screen.getByRole('button', { name: /Pay with PayU/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to initialize payment');
    expect(screen.getAllByText('Failed to initialize payment')).toHaveLength(1);
  });

  it('links to the payment already made for this bill', async () => {
    const message = 'This bill has already been paid.';
    stubApi({
      [QUOTE]: () => ({ body: quote }),
      [PAYU]: () => ({ status: 409, body: { statusCode: 409, message, existingOrderId: 'ord_old' } }),
    });
    renderSelection(billPayment);
    await userEvent.click(screen.getByRole('button', { name: /Pay with PayU/ }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'View that payment' }).getAttribute('href')).toBe(
      '/receipt/ord_old',
    );
    expect(within(alert).queryByText(/closed automatically/)).toBeNull();
    expect(screen.getByRole('button', { name: /Pay with PayU/ })).toHaveProperty('disabled', false);
  });

  it.each([
    ['PayU', PAYU, 'Failed to initialize payment'],
    ['PhonePe', PHONEPE, 'Failed to initialize phonepe payment'],
  ])(
    'for a bill already being paid (%s) links to that payment and says what happens next',
    async (name, route, line) => {
      const message =
        'A payment for this bill is already in progress. Please check its status before paying again.';
      stubApi({
        [QUOTE]: () => ({ body: quote }),
        [route]: () => ({ status: 409, body: { statusCode: 409, message, existingOrderId: 'ord_old' } }),
      });
      renderSelection(billPayment);
      await userEvent.click(screen.getByRole('button', { name: new RegExp(`Pay with ${name}`) }));
      // PhonePe's line is also a toast: the notice on the page is the alert that carries the reason.
      const alert = (await screen.findByText(message)).closest<HTMLElement>('[role="alert"]');
      if (!alert) throw new Error('the reason is not in an alert');
      expect(within(alert).getByText(line)).toBeTruthy();
      expect(within(alert).getByText(message)).toBeTruthy();
      expect(
        within(alert).getByText(
          'If you did not finish that payment, it will be closed automatically and you can pay this bill again then. If you did finish it, there is nothing more to do.',
        ),
      ).toBeTruthy();
      expect(within(alert).getByRole('link', { name: 'View that payment' }).getAttribute('href')).toBe(
        '/receipt/ord_old',
      );
    },
  );

  it('shows the same way forward when the bill is already being paid before any gateway is chosen', async () => {
    const message =
      'A payment for this bill is already in progress. Please check its status before paying again.';
    stubApi({
      [QUOTE]: () => ({ status: 409, body: { statusCode: 409, message, existingOrderId: 'ord_old' } }),
    });
    renderSelection(billPayment);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(message)).toBeTruthy();
    expect(
      within(alert).getByText(/it will be closed automatically and you can pay this bill again then/),
    ).toBeTruthy();
    expect(within(alert).getByRole('link', { name: 'View that payment' }).getAttribute('href')).toBe(
      '/receipt/ord_old',
    );
    expect(screen.getByRole('button', { name: /Pay with PayU/ })).toHaveProperty('disabled', true);
  });

  it('blocks paying when the server refuses the payment up front', async () => {
    const message = 'The amount does not match the bill. Please fetch the bill again.';
    stubApi({ [QUOTE]: () => ({ status: 400, body: { message } }) });
    renderSelection(billPayment);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pay with PayU/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /Pay with PhonePe/ })).toHaveProperty('disabled', true);
  });

  it('asks a logged-out user to log in and keeps the payment for the way back', async () => {
    localStorage.clear();
    const api = stubApi({});
    const first = renderSelection(billPayment);
    await userEvent.click(screen.getByRole('button', { name: /Pay with PayU/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please login to continue');
    await pressLoginInPopup();
    expect(screen.getByTestId('location').textContent).toBe('/login?from=%2Fpayment-selection');
    expect(api.calls).toHaveLength(0);
    first.unmount();

    // Back from /login the navigation state is gone; the payment is remembered in this tab.
    renderSelection();
    expect(screen.getByText('Tata Power - Mumbai')).toBeTruthy();
  });
});
