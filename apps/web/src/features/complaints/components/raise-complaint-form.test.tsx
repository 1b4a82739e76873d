import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../lib/i18n/catalogues.ts';
import { LanguageProvider } from '../../../lib/i18n/language-provider.tsx';
import { renderScreen } from '../testing/render.tsx';
import { RaiseComplaintForm } from './raise-complaint-form.tsx';

afterEach(() => vi.restoreAllMocks());

const submit = () => screen.getByRole('button', { name: 'Submit Complaint' });

/** Fills in a complaint about a payment of ₹499.50 on 2 May 2025, as a customer types it. */
async function fillTransactionComplaint(
  user: ReturnType<typeof renderScreen>,
  queryType: string,
  contactNumber: string,
) {
  await user.type(screen.getByLabelText('Your Name'), 'Asha Raman');
  await user.selectOptions(screen.getByLabelText('Type of Query'), queryType);
  await user.type(screen.getByLabelText('Contact Number'), contactNumber);
  await user.type(screen.getByLabelText('Email ID'), 'asha@example.com');
  await user.type(screen.getByLabelText(/Transaction Initiated Via/), 'Erti Pay');
  fireEvent.change(screen.getByLabelText(/Transaction Date/), { target: { value: '2025-05-02' } });
  await user.type(screen.getByLabelText(/Transaction Amount/), '499.50');
}

describe('RaiseComplaintForm', () => {
  it('is pre-filled from a receipt', () => {
    renderScreen(
      <RaiseComplaintForm
        prefill={{
          txnReferenceId: 'CC0125AB12CD34EF5678',
          transactionAmount: '499.00',
          transactionDate: '2025-05-02',
        }}
      />,
    );
    expect((screen.getByLabelText(/Bharat Connect Transaction Reference ID/) as HTMLInputElement).value).toBe(
      'CC0125AB12CD34EF5678',
    );
    expect((screen.getByLabelText(/Transaction Amount/) as HTMLInputElement).value).toBe('499.00');
    expect((screen.getByLabelText(/Transaction Date/) as HTMLInputElement).value).toBe('2025-05-02');
  });

  it('asks for the transaction details of a transaction query, and for a description of Others', async () => {
    const user = renderScreen(<RaiseComplaintForm />);
    await user.selectOptions(screen.getByLabelText('Type of Query'), 'Refund');
    await user.click(submit());
    expect(await screen.findByText('Please enter the Transaction Date')).toBeTruthy();
    expect(screen.getByText('Please tell us where you made the payment')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Type of Query'), 'Others');
    await user.click(submit());
    expect(await screen.findByText('Please describe your complaint')).toBeTruthy();
    expect(screen.queryByText('Please enter the Transaction Date')).toBeNull();
  });

  it.each([
    ['1e3', 'Transaction Amount must not have an exponent'],
    ['10.005', 'Transaction Amount must have at most two decimals'],
    ['1000000000', 'Transaction Amount must be at most 999999999.99 rupees'],
  ])('reads the Transaction Amount %j with the rupee parser: %s', async (typed, message) => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const user = renderScreen(<RaiseComplaintForm />);
    await user.type(screen.getByLabelText(/Transaction Amount/), typed);
    await user.click(submit());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('does not allow a transaction date after today', () => {
    renderScreen(<RaiseComplaintForm />);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    expect(screen.getByLabelText(/Transaction Date/).getAttribute('max')).toBe(today);
  });

  it('refuses a screenshot that is not an image, or larger than 1 MB', async () => {
    const user = renderScreen(<RaiseComplaintForm />);
    const input = screen.getByLabelText(/Transaction Screenshot/) as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Please choose a PNG, JPEG or WebP image')).toBeTruthy();
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText('The screenshot must be 1 MB or smaller')).toBeTruthy();
  });

  it('sends the complaint with the screenshot and shows the complaint id, status and resolution date', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json(
        {
          complaintId: 'CC0125ABCDEF01',
          status: 'ASSIGNED',
          expectedResolutionDate: '2025-05-13',
          message:
            'Your complaint has been registered successfully for B-Connect Txn ID CC0125AB12CD34EF5678. …',
          messageKey: 'complaints.registeredForTxn',
          messageValues: { complaintId: 'CC0125ABCDEF01', txnReferenceId: 'CC0125AB12CD34EF5678' },
        },
        { status: 201 },
      ),
    );
    const user = renderScreen(<RaiseComplaintForm prefill={{ txnReferenceId: 'cc0125ab12cd34ef5678' }} />);
    await fillTransactionComplaint(user, 'Money debited but no confirmation', '98765 43210');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'shot.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByLabelText(/Transaction Screenshot/), png);
    await screen.findByRole('button', { name: 'Remove shot.png' });
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Complaint registered' })).toBeTruthy();
    expect(
      screen.getByText(
        'Your complaint has been registered successfully for B-Connect Txn ID CC0125AB12CD34EF5678. Your Complaint ID is CC0125ABCDEF01. You can track the status of your complaint using your Complaint ID.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('CC0125ABCDEF01')).toBeTruthy();
    expect(screen.getByText('Assigned')).toBeTruthy();
    expect(screen.getByText('13 May 2025')).toBeTruthy();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetch.mock.calls[0]![1]?.body));
    expect(body).toMatchObject({
      name: 'Asha Raman',
      queryType: 'Money debited but no confirmation',
      contactNumber: '9876543210',
      transactionAmount: '499.50',
      transactionDate: '2025-05-02',
      txnReferenceId: 'CC0125AB12CD34EF5678',
    });
    expect(body.screenshot).toMatch(/^data:image\/png;base64,/);
    expect(body.description).toBeUndefined();
  });
});

describe("RaiseComplaintForm about someone's payment", () => {
  it("asks for the code mailed to the payment's e-mail, or to log in, and sends the code with the complaint", async () => {
    const answers = [
      Response.json(
        {
          statusCode: 403,
          message: 'Only the customer who made this payment can raise a complaint about it. …',
          messageKey: 'complaints.payerOnly',
        },
        { status: 403 },
      ),
      Response.json({
        sentTo: 'a***@e***.com',
        message: 'We sent a code to the e-mail on this payment (a***@e***.com). It is valid for 10 minutes.',
        messageKey: 'complaints.codeSent',
        messageValues: { sentTo: 'a***@e***.com', minutes: 10 },
      }),
      Response.json(
        {
          complaintId: 'CC0125ABCDEF02',
          status: 'ASSIGNED',
          expectedResolutionDate: '2025-05-13',
          message: 'Your complaint has been registered successfully. …',
          messageKey: 'complaints.registered',
          messageValues: { complaintId: 'CC0125ABCDEF02' },
        },
        { status: 201 },
      ),
    ];
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answers.shift()!);
    const user = renderScreen(<RaiseComplaintForm prefill={{ txnReferenceId: 'CC0125AB12CD34EF5678' }} />);
    await fillTransactionComplaint(user, 'Refund', '9876543210');
    await user.click(submit());

    const step = await screen.findByRole('region', { name: 'Confirm this payment is yours' });
    expect(within(step).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?from=%2Fcomplaint',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(within(step).getByRole('button', { name: 'Send a code to the e-mail on the payment' }));
    expect(
      await within(step).findByText(
        'We sent a code to the e-mail on this payment (a***@e***.com). It is valid for 10 minutes.',
      ),
    ).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[1]![1]?.body))).toEqual({
      txnReferenceId: 'CC0125AB12CD34EF5678',
    });

    await user.type(within(step).getByLabelText('Code from the e-mail'), '12345');
    await user.click(submit());
    expect(await within(step).findByText('Please enter the 6-digit code from the e-mail')).toBeTruthy();
    await user.type(within(step).getByLabelText('Code from the e-mail'), '6');
    await user.click(submit());
    expect(await screen.findByRole('heading', { name: 'Complaint registered' })).toBeTruthy();
    expect(JSON.parse(String(fetch.mock.calls[2]![1]?.body))).toMatchObject({
      txnReferenceId: 'CC0125AB12CD34EF5678',
      verificationCode: '123456',
    });
    expect(screen.queryByRole('region', { name: 'Confirm this payment is yours' })).toBeNull();
  });
});

describe('RaiseComplaintForm in Hindi', () => {
  it("shows the schema's messages, and an api error by its messageKey, in Hindi", async () => {
    // A fixture key: the api half's api-errors catalogue is not on this branch.
    const messages = {
      ...(await loadMessages('hi')),
      'api-errors.test.complaintOpen': '{txnReferenceId} पर एक शिकायत पहले से खुली है',
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json(
        {
          message: 'A complaint about this payment is already open',
          messageKey: 'test.complaintOpen',
          messageValues: { txnReferenceId: 'CC0125AB12CD34EF5678' },
        },
        { status: 409 },
      ),
    );
    const user = renderScreen(
      <LanguageProvider language="hi" messages={messages}>
        <RaiseComplaintForm prefill={{ txnReferenceId: 'CC0125AB12CD34EF5678' }} />
      </LanguageProvider>,
    );
    const send = () => user.click(screen.getByRole('button', { name: 'शिकायत सबमिट करें' }));
    await send();
    expect(await screen.findByText('कृपया अपना नाम डालें')).toBeTruthy();
    expect(screen.getByText('कृपया सवाल का प्रकार चुनें')).toBeTruthy();

    await user.type(screen.getByLabelText('आपका नाम'), 'आशा रमन');
    await user.selectOptions(screen.getByLabelText('सवाल का प्रकार'), 'पैसा कट गया पर पुष्टि नहीं मिली');
    await user.type(screen.getByLabelText('संपर्क नंबर'), '9876543210');
    await user.type(screen.getByLabelText('ईमेल ID'), 'asha@example.com');
    await user.type(screen.getByLabelText(/ट्रांज़ैक्शन कहाँ से किया/), 'Erti Pay');
    fireEvent.change(screen.getByLabelText(/ट्रांज़ैक्शन की तारीख/), { target: { value: '2025-05-02' } });
    await user.type(screen.getByLabelText(/ट्रांज़ैक्शन की राशि/), '499.50');
    await send();

    expect(await screen.findByText('CC0125AB12CD34EF5678 पर एक शिकायत पहले से खुली है')).toBeTruthy();
    expect(screen.queryByText('A complaint about this payment is already open')).toBeNull();
  });
});
