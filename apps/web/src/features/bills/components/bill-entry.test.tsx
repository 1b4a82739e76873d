import type { Biller, BillResponse } from '@erti/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pressLoginInPopup } from '../../../test/login-popup.ts';
import { pendingBillFor } from '../pending-bill.ts';
import { billers } from '../testing/fixtures.ts';
import { callsOf, renderScreen, signIn, stubApi } from '../testing/render.tsx';
import { BillEntry } from './bill-entry.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ROUTE = '/services/:category/:billerCategoryName/:billerName';
const urlOf = (biller: Biller) =>
  `/services/utilities/${encodeURIComponent(biller.billerCategoryName)}/${encodeURIComponent(biller.billerName)}`;

/** The page with its form, whose code loads on its own. */
async function renderEntry(biller: Biller) {
  const rendered = renderScreen(<BillEntry biller={biller} plan={null} />, {
    path: ROUTE,
    url: urlOf(biller),
  });
  await screen.findByRole('form');
  return rendered;
}

const fetched: BillResponse = {
  respCode: 1,
  response: {
    refId: 'REF1',
    billFetchId: 'bf_1',
    billerResponse: {
      customerName: 'Ramesh Kumar',
      amount: '1234.50',
      billDate: '2025-06-01',
      dueDate: '2025-06-20',
      billNumber: 'BN123',
      billPeriod: 'MONTHLY',
    },
  },
};

describe('BillEntry', () => {
  it('shows the category header, the biller and one labelled input per parameter', async () => {
    stubApi(() => undefined);
    await renderEntry(billers.electricity);
    expect(screen.getByRole('heading', { level: 1, name: 'Electricity' })).toBeTruthy();
    expect(screen.getByText('Electricity Bill')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bangalore Electricity Supply Company' })).toBeTruthy();
    expect(screen.getByLabelText('Consumer Number').getAttribute('placeholder')).toBe(
      'Enter Consumer Number',
    );
    expect(screen.getByLabelText('Mobile Number').getAttribute('placeholder')).toBe('Enter Mobile Number');
    expect(screen.queryByPlaceholderText('Enter the amount')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
  });

  it("shows 'Invalid {paramName}' under a field whose value breaks its regex, tied to the input", async () => {
    stubApi(() => undefined);
    await renderEntry(billers.electricity);
    const consumer = screen.getByLabelText('Consumer Number');
    await userEvent.type(consumer, '12AB');
    await userEvent.tab();
    expect(screen.getByText('Invalid Consumer Number')).toBeTruthy();
    expect(consumer.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(consumer.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Invalid Consumer Number',
    );
    await userEvent.clear(consumer);
    await userEvent.type(consumer, '1234567890');
    expect(screen.queryByText('Invalid Consumer Number')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false);
  });

  it('strips everything but digits from a mobile number', async () => {
    stubApi(() => undefined);
    await renderEntry(billers.electricity);
    await userEvent.type(screen.getByLabelText('Mobile Number'), '+91 98x76-54');
    expect(screen.getByLabelText('Mobile Number')).toHaveProperty('value', '91987654');
  });

  it('moves to the next field on Enter and, on the last one, refuses to submit with errors', async () => {
    stubApi(() => undefined);
    await renderEntry(billers.electricity);
    await userEvent.type(screen.getByLabelText('Consumer Number'), '1234567890{Enter}');
    expect(document.activeElement).toBe(screen.getByLabelText('Mobile Number'));
    await userEvent.type(screen.getByLabelText('Mobile Number'), '123{Enter}');
    expect(await screen.findByText('Please fix validation errors before submitting.')).toBeTruthy();
    expect(screen.getByText('Invalid Mobile Number')).toBeTruthy();
  });

  it('enables Submit for LPG only once a valid mobile number is filled, the other optional fields hidden', async () => {
    stubApi(() => undefined);
    await renderEntry(billers.lpg);
    expect(screen.queryByLabelText('LPG ID')).toBeNull();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByLabelText('Mobile Number'), '12345');
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.clear(screen.getByLabelText('Mobile Number'));
    await userEvent.type(screen.getByLabelText('Mobile Number'), '9876543210');
    expect(submit).toHaveProperty('disabled', false);
  });

  it('enables Proceed to Pay without the parameter named id, and asks for an amount', async () => {
    stubApi(() => undefined);
    await renderEntry(billers.fastag);
    const proceed = screen.getByRole('button', { name: 'Proceed to Pay' });
    await userEvent.type(screen.getByLabelText('Vehicle Number'), 'KA01AB1234');
    expect(proceed).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByPlaceholderText('Enter the amount'), '0');
    await userEvent.tab();
    expect(screen.getByText('Enter an amount greater than 0')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Amount'));
    await userEvent.type(screen.getByLabelText('Amount'), '5a00');
    expect(screen.getByLabelText('Amount')).toHaveProperty('value', '500');
    expect(proceed).toHaveProperty('disabled', false);
  });

  it('warns a visitor to log in, keeping the values, and fills them in again when they come back', async () => {
    const fetchMock = stubApi(() => undefined);
    const first = await renderEntry(billers.electricity);
    await userEvent.type(screen.getByLabelText('Consumer Number'), '1234567890');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please login to continue');
    const dialog = await screen.findByRole('dialog', { name: 'Please login to continue' });
    expect(dialog).toBeTruthy();
    expect(callsOf(fetchMock).some((call) => call.includes('/bbps/prod/bill'))).toBe(false);
    expect(pendingBillFor('Electricity', billers.electricity.billerName)?.values).toEqual({
      'Consumer Number': '1234567890',
    });
    await pressLoginInPopup();
    expect(first.router.state.location.pathname).toBe('/login');
    expect(first.router.state.location.search).toBe(
      `?from=${encodeURIComponent(urlOf(billers.electricity))}`,
    );
    first.unmount();

    await renderEntry(billers.electricity);
    expect(screen.getByLabelText('Consumer Number')).toHaveProperty('value', '1234567890');
    expect(pendingBillFor('Electricity', billers.electricity.billerName)).toBeNull();
  });

  it('fetches the bill and opens the bill confirmation with the response, biller and request', async () => {
    signIn();
    const fetchMock = stubApi((method, path) =>
      method === 'POST' && path === '/bbps/prod/bill/Electricity' ? { body: fetched } : undefined,
    );
    const { router } = await renderEntry(billers.electricity);
    await userEvent.type(screen.getByLabelText('Consumer Number'), '1234567890{Enter}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/billerdetails'));
    const request = JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body));
    expect(request.billDetails).toEqual({
      billerId: 'BESCOM000KAR01',
      customerParams: [{ name: 'Consumer Number', value: '1234567890' }],
    });
    expect(router.state.location.state).toEqual({
      response: fetched,
      biller: billers.electricity,
      billReq: request,
    });
  });

  it.each([
    [
      'the first error detail',
      { errorList: [{ errorCd: 'BFR001', errorDtl: 'Invalid customer account' }], complianceReason: 'x' },
      'Invalid customer account',
    ],
    ['the compliance reason', { complianceReason: 'Biller unavailable' }, 'Biller unavailable'],
    [
      'no bill due, calmly',
      { noBillDue: true, errorList: [{ errorDtl: 'No bill due. The payment has been received.' }] },
      'No bill due. The payment has been received.',
    ],
  ])('shows %s when the network says no', async (_case, response, text) => {
    signIn();
    stubApi((method) => (method === 'POST' ? { body: { respCode: 0, response } } : undefined));
    const { router } = await renderEntry(billers.electricity);
    await userEvent.type(screen.getByLabelText('Consumer Number'), '1234567890');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(router.state.location.pathname).toBe(urlOf(billers.electricity));
  });

  it("says 'Error submitting data' when the call fails", async () => {
    signIn();
    stubApi(() => ({ status: 500, body: { message: 'boom' } }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderEntry(billers.electricity);
    await userEvent.type(screen.getByLabelText('Consumer Number'), '1234567890');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Error submitting data')).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('validates a bill-less payment and hands it to the payment choice', async () => {
    signIn();
    const validation: BillResponse = { respCode: 1, response: { billFetchId: 'bf_2', amount: '500.00' } };
    stubApi((method, path) =>
      method === 'POST' && path === '/bbps/prod/validate' ? { body: validation } : undefined,
    );
    const { router } = await renderEntry(billers.fastag);
    await userEvent.type(screen.getByLabelText('Vehicle Number'), 'KA01AB1234');
    await userEvent.type(screen.getByLabelText('Amount'), '500');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-selection'));
    expect(router.state.location.state).toMatchObject({
      amount: '500.00',
      biller: billers.fastag,
      validationRes: validation,
      validationReq: { amount: 50000, billDetails: { billerId: 'ICIC00000NATFT' } },
      user: { email: 'asha@example.com' },
    });
  });
});
