import type { Autopay } from '@erti/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session.ts';
import { makeAutopay, makeMyBill, renderWithClient, signIn, stubApi } from '../testing/render.tsx';
import { AutopayWillPayNotice } from './autopay-will-pay-notice.tsx';
import { MyBillsPage } from './my-bills-page.tsx';

beforeEach(() => signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const LIST = 'GET /api/my-bills';

const scheduled = (state: Autopay['state']) => makeAutopay({ state });

async function panelOf(bill: ReturnType<typeof makeMyBill>) {
  stubApi({ [LIST]: () => ({ body: [bill] }) });
  renderWithClient(<MyBillsPage />);
  return screen.findByRole('region', { name: 'AutoPay for Home' });
}

describe('AutoPay says only what it will do (decision 115)', () => {
  it('shows the next debit of a bill AutoPay will pay', async () => {
    const panel = await panelOf(makeMyBill({ autopay: scheduled('on') }));
    expect(within(panel).getByText(/^Next debit: ₹1,234.50 on /)).toBeTruthy();
  });

  it('shows no "Next debit" on a card marked Paid', async () => {
    const panel = await panelOf(makeMyBill({ state: 'paid', autopay: scheduled('on') }));
    expect(within(panel).queryByText(/Next debit/)).toBeNull();
    expect(within(panel).getByText('Paid: AutoPay will not debit this bill')).toBeTruthy();
  });

  it('shows no "Next debit" while AutoPay is paused', async () => {
    const panel = await panelOf(makeMyBill({ autopay: scheduled('paused') }));
    expect(within(panel).queryByText(/Next debit/)).toBeNull();
    expect(within(panel).getByText('Paused: AutoPay debits nothing while it is paused')).toBeTruthy();
  });

  it("names the gateway's authorisation charge before the customer leaves for it: ₹2 at PhonePe, ₹1 at Razorpay", async () => {
    const panel = await panelOf(makeMyBill());
    await userEvent.click(within(panel).getByRole('button', { name: 'Turn on AutoPay' }));
    expect(
      within(panel).getByText(
        'PhonePe will ask you to approve a small charge of ₹2.00 to set up AutoPay. It is returned to you.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(panel).getByRole('radio', { name: 'Razorpay' }));
    expect(within(panel).getByText(/^Razorpay will ask you to approve a small charge of ₹1.00/)).toBeTruthy();
  });
});

describe('Paying by hand a bill AutoPay is about to pay (decision 115)', () => {
  it('warns on the bill confirmation, naming the debit', async () => {
    stubApi({ [LIST]: () => ({ body: [makeMyBill({ autopay: scheduled('on') })] }) });
    renderWithClient(<AutopayWillPayNotice billerId="BESCOM000KAR01" billNumber="NOV2612345678" />);
    const note = await screen.findByRole('note');
    expect(note.textContent).toMatch(
      /^AutoPay will pay this bill \(Home, ₹1,234.50\) on .+\. If you pay it yourself now, AutoPay will not debit it\.$/,
    );
  });

  it('says nothing for another bill of the biller, or one AutoPay will not pay', async () => {
    stubApi({ [LIST]: () => ({ body: [makeMyBill({ autopay: scheduled('paused') })] }) });
    renderWithClient(
      <>
        <AutopayWillPayNotice billerId="BESCOM000KAR01" billNumber="NOV2612345678" />
        <AutopayWillPayNotice billerId="BESCOM000KAR01" billNumber="DEC2612345678" />
      </>,
    );
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('asks nothing when signed out', () => {
    clearSession();
    const calls = stubApi({});
    renderWithClient(<AutopayWillPayNotice billerId="BESCOM000KAR01" billNumber="NOV2612345678" />);
    expect(calls).toEqual([]);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
