import type { Autopay, AutopayDebitOutcome, AutopayDebitState } from '@erti/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { makeAutopay, makeMyBill, renderWithClient, signIn, stubApi } from '../testing/render.tsx';
import { MyBillsPage } from './my-bills-page.tsx';

let submit: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  signIn();
  submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  submit.mockRestore();
  clearSession();
});

const LIST = 'GET /api/my-bills';

const autopay = makeAutopay;

describe('AutoPay on My Bills', () => {
  it('turns AutoPay on from a small labelled form, by keyboard, then posts to the gateway’s mandate page', async () => {
    const calls = stubApi({
      [LIST]: () => ({ body: [makeMyBill()] }),
      'POST /api/my-bills/mbl_1/autopay': () => ({
        status: 201,
        body: {
          autopay: autopay({ state: 'pending', gateway: 'razorpay', debit: null }),
          handOff: {
            method: 'POST',
            url: 'https://sandbox.example/razorpay/checkout',
            fields: { order_id: 'order_1', recurring: '1' },
          },
        },
      }),
    });
    renderWithClient(<MyBillsPage />);
    const panel = await screen.findByRole('region', { name: 'AutoPay for Home' });
    expect(within(panel).getByText('AutoPay: Off')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Turn on AutoPay' }));

    const cap = within(panel).getByLabelText('Largest bill to pay (₹)');
    expect((cap as HTMLInputElement).value).toBe('1234.50');
    await userEvent.clear(cap);
    await userEvent.type(cap, '3000');
    await userEvent.selectOptions(within(panel).getByLabelText('When to pay'), '2 days before');
    await userEvent.click(within(panel).getByRole('radio', { name: 'Razorpay' }));
    cap.focus();
    await userEvent.keyboard('{Enter}');

    await vi.waitFor(() => expect(submit).toHaveBeenCalledOnce());
    expect(calls.find((call) => call.key.startsWith('POST'))?.body).toEqual({
      cap: '3000',
      daysBefore: 2,
      gateway: 'razorpay',
    });
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe('https://sandbox.example/razorpay/checkout');
    expect([...form.querySelectorAll('input')].map((input) => [input.name, input.value])).toEqual([
      ['order_id', 'order_1'],
      ['recurring', '1'],
    ]);
  });

  it('refuses a cap that is not an amount in the form, without asking the api', async () => {
    const calls = stubApi({ [LIST]: () => ({ body: [makeMyBill()] }) });
    renderWithClient(<MyBillsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on AutoPay' }));
    const cap = screen.getByLabelText('Largest bill to pay (₹)');
    await userEvent.clear(cap);
    await userEvent.type(cap, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to PhonePe' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Cap/);
    expect(calls.map((call) => call.key)).toEqual([LIST]);
  });

  it('says why a debit did not happen, with the day that was decided (decision 084)', async () => {
    const decidedAt = '2026-12-02T06:00:00.000Z';
    const cases: [AutopayDebitOutcome, AutopayDebitState, string][] = [
      ['skipped', 'skipped', 'Not debited: you skipped this debit on 2 Dec 2026.'],
      ['paid-by-hand', 'not-debited', 'Not debited: you paid this bill yourself (2 Dec 2026).'],
      [
        'above-cap',
        'needs-approval',
        'Not debited: the bill is above your AutoPay cap and needs your approval (2 Dec 2026).',
      ],
      ['paused', 'not-debited', 'Not debited: AutoPay was paused when this debit was due (2 Dec 2026).'],
      ['mandate-cancelled', 'not-debited', 'Not debited: the AutoPay mandate was cancelled (2 Dec 2026).'],
      ['failed', 'failed', 'Not debited: the debit failed, also after its retries (2 Dec 2026).'],
    ];
    stubApi({
      [LIST]: () => ({
        body: cases.map(([outcome, state], index) =>
          makeMyBill({
            id: `mbl_${index}`,
            nickname: `Bill ${index}`,
            autopay: autopay({
              state: outcome === 'mandate-cancelled' ? 'cancelled' : 'on',
              debit: { ...(autopay().debit as NonNullable<Autopay['debit']>), state, outcome, decidedAt },
            }),
          }),
        ),
      }),
    });
    renderWithClient(<MyBillsPage />);
    for (const [index, [, , sentence]] of cases.entries()) {
      const panel = await screen.findByRole('region', { name: `AutoPay for Bill ${index}` });
      expect(within(panel).getByText(sentence)).toBeTruthy();
    }
  });

  it('says one day before in the singular', async () => {
    stubApi({ [LIST]: () => ({ body: [makeMyBill({ autopay: autopay({ daysBefore: 1 }) })] }) });
    renderWithClient(<MyBillsPage />);
    const panel = await screen.findByRole('region', { name: 'AutoPay for Home' });
    expect(within(panel).getByText(/up to ₹3,000.00 · 1 day before · PhonePe/)).toBeTruthy();
  });

  it('shows the next debit, and pauses, resumes, skips and cancels', async () => {
    const answers: Record<string, Autopay> = {
      pause: autopay({ state: 'paused' }),
      resume: autopay(),
      skip: autopay({ debit: { ...autopay().debit, state: 'skipped' } as Autopay['debit'] }),
    };
    const calls = stubApi({
      [LIST]: () => ({ body: [makeMyBill({ autopay: autopay() })] }),
      'POST /api/my-bills/mbl_1/autopay/pause': () => ({ body: answers.pause }),
      'POST /api/my-bills/mbl_1/autopay/resume': () => ({ body: answers.resume }),
      'POST /api/my-bills/mbl_1/autopay/skip': () => ({ body: answers.skip }),
      'DELETE /api/my-bills/mbl_1/autopay': () => ({ body: autopay({ state: 'cancelled' }) }),
    });
    renderWithClient(<MyBillsPage />);
    const panel = await screen.findByRole('region', { name: 'AutoPay for Home' });
    expect(within(panel).getByText('AutoPay: On')).toBeTruthy();
    expect(within(panel).getByText(/up to ₹3,000.00 · 2 days before · PhonePe/)).toBeTruthy();
    expect(within(panel).getByText(/^Next debit: ₹1,234.50 on /)).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'Pause' }));
    expect(await within(panel).findByText('AutoPay: Paused')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Skip next debit' })).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Resume' }));
    expect(await within(panel).findByText('AutoPay: On')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Skip next debit' }));
    expect(await within(panel).findByText("This bill's debit is skipped")).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel AutoPay for Home' }));
    const asked = await screen.findByRole('dialog', { name: 'Cancel AutoPay for Home?' });
    expect(within(asked).getByText(/the mandate at PhonePe is cancelled/)).toBeTruthy();
    await userEvent.click(within(asked).getByRole('button', { name: 'Cancel AutoPay' }));
    expect(await within(panel).findByText('AutoPay: Off')).toBeTruthy();
    expect(within(panel).getByText('The AutoPay mandate was cancelled.')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Turn on AutoPay' })).toBeTruthy();
    expect(calls.map((call) => call.key).slice(1)).toEqual([
      'POST /api/my-bills/mbl_1/autopay/pause',
      'POST /api/my-bills/mbl_1/autopay/resume',
      'POST /api/my-bills/mbl_1/autopay/skip',
      'DELETE /api/my-bills/mbl_1/autopay',
    ]);
  });

  it('says how turning AutoPay on went when the browser is back from the mandate page', async () => {
    stubApi({ [LIST]: () => ({ body: [makeMyBill({ autopay: autopay() })] }) });
    renderWithClient(<MyBillsPage />, '/my-bills?autopay=mbl_1');
    const notice = await screen.findByText('AutoPay is on for Home.');
    expect(notice.getAttribute('role')).toBe('status');
  });

  it('shows the server’s reason when a control is refused', async () => {
    stubApi({
      [LIST]: () => ({ body: [makeMyBill({ autopay: autopay() })] }),
      'POST /api/my-bills/mbl_1/autopay/skip': () => ({
        status: 409,
        body: { message: 'This debit can no longer be skipped' },
      }),
    });
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    renderWithClient(<MyBillsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Skip next debit' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('This debit can no longer be skipped'));
    error.mockRestore();
  });
});
