import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../lib/i18n/catalogues.ts';
import { LanguageProvider } from '../../../lib/i18n/language-provider.tsx';
import { makeOrderDetail } from '../testing/fixtures.ts';
import { renderScreen, signIn, stubApi } from '../testing/render.tsx';
import { ReceiptView } from './receipt-view.tsx';

const ORDER = 'GET /api/orders/ord_1';
const PDF = 'GET /api/orders/ord_1/receipt.pdf';

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const line = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('receipt', () => {
  it('shows the B-Connect Txn ID, approval number, biller, parameters, amounts, mode, channel, time and status', async () => {
    stubApi({ [ORDER]: () => ({ body: makeOrderDetail() }) });
    renderScreen(<ReceiptView orderId="ord_1" />, { path: '/receipt/ord_1' });
    expect(await screen.findByText('EP015326ABCDEF123456')).toBeTruthy();
    expect(line('Approval ref no.')).toBe('AP12345678');
    expect(line('Biller')).toBe('Tata Power - Mumbai');
    expect(line('Consumer Number')).toBe('900000000123');
    expect(line('Bill amount')).toBe('₹1,250.00');
    expect(line('Convenience fee (CCF)')).toBe('₹10.00');
    expect(line('Total')).toBe('₹1,260.00');
    expect(line('Payment mode')).toBe('Credit Card');
    expect(line('Payment channel')).toBe('Internet (INT)');
    expect(line('Date and time')).toBe('22 Nov 2025, 1:45 am IST');
    expect(line('Status')).toBe('Successful');
  });

  it('opens a complaint pre-filled from the receipt', async () => {
    stubApi({ [ORDER]: () => ({ body: makeOrderDetail() }) });
    renderScreen(<ReceiptView orderId="ord_1" />, { path: '/receipt/ord_1' });
    await userEvent.click(await screen.findByRole('link', { name: 'Raise complaint' }));
    const location = await screen.findByTestId('location');
    expect(location.textContent).toBe('/complaint');
    expect(JSON.parse(location.dataset.state ?? 'null')).toEqual({
      selectedTab: 'raise',
      prefill: {
        txnReferenceId: 'EP015326ABCDEF123456',
        transactionAmount: '1260.00',
        transactionDate: '2025-11-22',
        initiatedVia: 'Erti Pay',
      },
    });
  });

  it('downloads the PDF with the Bearer token as erti-receipt-<orderId>.pdf', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const api = stubApi({ [ORDER]: () => ({ body: makeOrderDetail() }), [PDF]: () => ({ body: pdf }) });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:receipt');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderScreen(<ReceiptView orderId="ord_1" />, { path: '/receipt/ord_1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));

    await vi.waitFor(() => expect(clicked).toHaveLength(1));
    expect(api.callsTo(PDF)[0]?.headers.authorization).toBe('Bearer tok_test');
    expect(createObjectURL).toHaveBeenCalledWith(pdf);
    expect(clicked[0]?.download).toBe('erti-receipt-ord_1.pdf');
    expect(clicked[0]?.href).toBe('blob:receipt');
  });

  it('shows a refund in progress with its deadline', async () => {
    stubApi({
      [ORDER]: () => ({
        body: makeOrderDetail({
          status: 'REFUND_PENDING',
          txnReferenceId: null,
          refunds: [
            {
              refundId: 'rfd_1',
              amount: 126_000,
              status: 'PENDING',
              reason: 'auto',
              note: null,
              createdAt: '2025-11-21T20:16:00.000Z',
              deadline: '2025-11-26T20:16:00.000Z',
            },
          ],
        }),
      }),
    });
    renderScreen(<ReceiptView orderId="ord_1" />, { path: '/receipt/ord_1' });
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(
      within(refunds).getByText(/₹1,260.00 · In progress, due by 27 Nov 2025 · Ref. rfd_1/),
    ).toBeTruthy();
    expect(screen.getByText('Not issued yet')).toBeTruthy();
  });

  it.each([
    ['SUCCESS', 'Paid through Bharat Connect · protected under Bharat Connect'],
    ['PAYMENT_PENDING', 'This payment is waiting for confirmation from your bank.'],
    ['PAYMENT_FAILED', 'This payment failed.'],
    ['REFUND_PENDING', 'The biller could not accept this payment · refund in progress'],
    ['REFUNDED', 'This payment has been refunded to your original payment method.'],
  ] as const)('words the receipt by its status: %s', async (status, standing) => {
    stubApi({ [ORDER]: () => ({ body: makeOrderDetail({ status }) }) });
    renderScreen(<ReceiptView orderId="ord_1" />, { path: '/receipt/ord_1' });
    expect(await screen.findByText(standing)).toBeTruthy();
    if (status !== 'SUCCESS') expect(screen.queryByText(/Paid through Bharat Connect/)).toBeNull();
  });

  it('says when the payment is not found', async () => {
    stubApi({ [ORDER]: () => ({ status: 404, body: { message: 'Order not found' } }) });
    renderScreen(<ReceiptView orderId="ord_1" />, { path: '/receipt/ord_1' });
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find this payment.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says when the receipt did not load, and Try again brings it', async () => {
    let up = false;
    stubApi({
      [ORDER]: () => (up ? { body: makeOrderDetail() } : { status: 503, body: { message: 'Unavailable' } }),
    });
    renderScreen(<ReceiptView orderId="ord_1" />, { path: '/receipt/ord_1' });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('We could not load this receipt.');
    up = true;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Payment receipt')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

async function renderIn(language: 'hi' | 'ta') {
  const messages = await loadMessages(language);
  renderScreen(
    <LanguageProvider language={language} messages={messages}>
      <ReceiptView orderId="ord_1" />
    </LanguageProvider>,
    { path: '/receipt/ord_1' },
  );
}

describe('receipt in Tamil', () => {
  it("reads in Tamil, money and time in ta-IN's way; the biller's names stay as sent", async () => {
    stubApi({ [ORDER]: () => ({ body: makeOrderDetail() }) });
    await renderIn('ta');
    expect(await screen.findByRole('heading', { name: 'பேமெண்ட் ரசீது' })).toBeTruthy();
    expect(line('பில்லர்')).toBe('Tata Power - Mumbai');
    expect(line('வகை')).toBe('மின்சாரம்');
    expect(line('Consumer Number')).toBe('900000000123');
    expect(line('மொத்தம்')).toBe('₹1,260.00');
    expect(line('நிலை')).toBe('வெற்றி');
    // India's time zone named in Tamil, not 'IST' (decision 116).
    expect(line('தேதி மற்றும் நேரம்')).toMatch(/^22 .+ 2025, .+ இந்திய நேரம்$/);
    expect(screen.getByRole('link', { name: 'புகார் செய்யுங்கள்' })).toBeTruthy();
    expect(screen.queryByText('Payment receipt')).toBeNull();
  });
});

describe("a mobile recharge's receipt in Hindi", () => {
  it('names the category, the number, the circle and the plan in Hindi, the values as sent, the plan once', async () => {
    const recharge = makeOrderDetail({
      billerName: 'Jio Prepaid',
      category: 'Mobile Prepaid',
      customerParams: [
        { name: 'Mobile Number', value: '9876543210' },
        { name: 'Circle', value: 'Mumbai' },
        { name: 'Id', value: 'JIO-MUM-299' },
      ],
      billNumber: null,
      planId: 'JIO-MUM-299',
    });
    stubApi({ [ORDER]: () => ({ body: recharge }) });
    await renderIn('hi');
    expect(await screen.findByRole('heading', { name: 'पेमेंट की रसीद' })).toBeTruthy();
    expect(line('कैटेगरी')).toBe('मोबाइल प्रीपेड');
    expect(line('मोबाइल नंबर')).toBe('9876543210');
    expect(line('सर्कल')).toBe('Mumbai');
    expect(line('प्लान ID')).toBe('JIO-MUM-299');
    expect(screen.getAllByText('JIO-MUM-299')).toHaveLength(1);
    expect(line('तारीख और समय')).toMatch(/^22 .+ 2025, .+ भारतीय समय$/);
    expect(screen.queryByText('Circle')).toBeNull();
    expect(screen.queryByText('Id')).toBeNull();
  });
});
