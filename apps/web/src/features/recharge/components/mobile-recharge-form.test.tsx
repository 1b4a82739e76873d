import type { BillResponse } from '@erti/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession, saveUserData } from '../../../lib/session.ts';
import { pressLoginInPopup } from '../../../test/login-popup.ts';
import { health, mumbaiPlans, operators } from '../testing/fixtures.ts';
import { bodiesSentTo, renderScreen, stubApi } from '../testing/render.tsx';
import { MobileRechargeForm } from './mobile-recharge-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const accepted: BillResponse = { respCode: 1, response: { billFetchId: 'bf_1', responseCode: '000' } };

function serveNetwork(validate: () => unknown = () => accepted) {
  return stubApi({
    'GET /bbps/prod/Mobile Prepaid': () => operators,
    'POST /bbps/prod/billerplan/circle': () => ['Delhi NCR', 'Mumbai'],
    'POST /bbps/prod/billerid': ({ billerId }) =>
      operators.find((operator) => operator.billerId === billerId),
    'POST /bbps/prod/circle': () => mumbaiPlans,
    'POST /bbps/prod/validate': validate,
  });
}

function signIn() {
  saveSession(
    { message: 'User Login success', Token: 'tok', UserId: 'usr_1' },
    { userName: 'Asha', email: 'asha@example.in', phone: '9876543210' },
  );
}

const proceed = () => screen.getByRole('button', { name: 'Proceed' });
const mobileInput = () => screen.getByLabelText('Mobile Number') as HTMLInputElement;
const circleSelect = () => screen.getByLabelText('Circle') as HTMLSelectElement;
const amountInput = () => screen.getByLabelText('Amount') as HTMLInputElement;

async function chooseJio() {
  const operator = await screen.findByRole('combobox', { name: 'Operator' });
  await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading operator' })).toBeNull());
  await userEvent.click(operator);
  await userEvent.type(operator, 'jio{Enter}');
}

async function fillForm(amount = '299') {
  await userEvent.type(mobileInput(), '9876543210');
  await chooseJio();
  await waitFor(() => expect(circleSelect().disabled).toBe(false));
  await userEvent.selectOptions(circleSelect(), 'Mumbai');
  await screen.findByRole('grid');
  await userEvent.type(amountInput(), amount);
}

const toastText = async () => (await screen.findByRole('alert')).textContent;

const CATALOGUE_LOADING = 'We are still loading the list of operators. Please try again in a moment.';

describe('mobile recharge form', () => {
  it('enables Proceed only once number, operator, circle and amount are filled', async () => {
    serveNetwork();
    renderScreen(<MobileRechargeForm />);
    expect(proceed().getAttribute('aria-disabled')).toBe('true');
    expect(circleSelect().disabled).toBe(true);
    expect(screen.queryByRole('grid')).toBeNull();

    await userEvent.type(mobileInput(), '98a76-54321099');
    expect(mobileInput().value).toBe('9876543210');
    await userEvent.clear(mobileInput());
    await userEvent.click(mobileInput());
    await userEvent.paste('+91 98765 43210');
    expect(mobileInput().value).toBe('9876543210');
    await chooseJio();
    await waitFor(() => expect(circleSelect().disabled).toBe(false));
    expect(proceed().getAttribute('aria-disabled')).toBe('true');
    await userEvent.selectOptions(circleSelect(), 'Mumbai');
    expect(await screen.findByRole('grid')).toBeTruthy();
    expect(proceed().getAttribute('aria-disabled')).toBe('true');

    await userEvent.type(amountInput(), '299');
    expect(proceed().getAttribute('aria-disabled')).toBe('false');
    expect(await screen.findByText(mumbaiPlans[1]!.planDescription)).toBeTruthy();
    expect(screen.getByText('Plan Validity:').parentElement?.textContent).toBe('Plan Validity: Unlimited');
  });

  it("warns 'Please fill in all the fields.' and goes to the first empty field", async () => {
    serveNetwork();
    renderScreen(<MobileRechargeForm />);
    await userEvent.click(proceed());
    expect(await toastText()).toContain('Please fill in all the fields.');
    expect(document.activeElement).toBe(mobileInput());
  });

  it('asks a logged-out person to log in and keeps what they typed for their return', async () => {
    serveNetwork();
    const view = renderScreen(<MobileRechargeForm />);
    await fillForm();
    await userEvent.click(proceed());
    expect(await toastText()).toContain('Please login to continue');
    await pressLoginInPopup();
    expect(view.router.state.location.pathname).toBe('/login');
    expect(view.router.state.location.search).toBe(
      `?from=${encodeURIComponent('/services/recharge/Mobile%20Prepaid')}`,
    );
    view.unmount();

    renderScreen(<MobileRechargeForm />);
    await waitFor(() => expect(circleSelect().value).toBe('Mumbai'));
    expect(mobileInput().value).toBe('9876543210');
    expect(amountInput().value).toBe('299');
    expect((screen.getByRole('combobox', { name: 'Operator' }) as HTMLInputElement).value).toBe(
      'Jio Prepaid',
    );
  });

  it('asks a logged-out person to log in before checking the amount against the plans', async () => {
    serveNetwork();
    renderScreen(<MobileRechargeForm />);
    await fillForm('399');
    await userEvent.click(proceed());
    expect(await toastText()).toContain('Please login to continue');
    expect(await screen.findByRole('dialog', { name: 'Please login to continue' })).toBeTruthy();
    expect(screen.queryByText('Choose a plan below, or type the exact price of one')).toBeNull();
  });

  it('refuses a number the operator does not accept, next to the field', async () => {
    serveNetwork();
    signIn();
    renderScreen(<MobileRechargeForm />);
    await userEvent.type(mobileInput(), '1234567890');
    await chooseJio();
    await waitFor(() => expect(circleSelect().disabled).toBe(false));
    await userEvent.selectOptions(circleSelect(), 'Mumbai');
    await userEvent.type(amountInput(), '299');
    await userEvent.click(proceed());
    expect(mobileInput().getAttribute('aria-invalid')).toBe('true');
    const describedBy = mobileInput().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Invalid Mobile Number');
  });

  it('shows the network error detail when validation answers respCode 0', async () => {
    serveNetwork(() => ({
      respCode: 0,
      response: { errorList: [{ errorCd: 'BVR001', errorDtl: 'Invalid mobile number for this operator' }] },
    }));
    signIn();
    const { arrivals } = renderScreen(<MobileRechargeForm />);
    await fillForm();
    await userEvent.click(proceed());
    expect(await toastText()).toContain('Invalid mobile number for this operator');
    expect(arrivals).toEqual([]);
  });

  it('validates the recharge and hands the plan to payment selection', async () => {
    const fetchMock = serveNetwork();
    signIn();
    saveUserData({ userName: 'Asha', email: 'asha@example.in', phone: '9876543210' });
    const { arrivals } = renderScreen(<MobileRechargeForm />);
    await fillForm();
    await userEvent.click(proceed());
    await waitFor(() => expect(arrivals).toHaveLength(1));

    expect(bodiesSentTo(fetchMock, 'POST /bbps/prod/billerid')[0]).toEqual({
      billerId: 'JIO000000NAT01',
      billerCategoryName: 'Mobile Prepaid',
    });
    const [request] = bodiesSentTo(fetchMock, 'POST /bbps/prod/validate');
    expect(request).toMatchObject({
      chId: 1,
      custDetails: { mobileNo: '9876543210' },
      billDetails: {
        billerId: 'JIO000000NAT01',
        customerParams: [
          { name: 'Mobile Number', value: '9876543210' },
          { name: 'Circle', value: 'Mumbai' },
          { name: 'Id', value: 'JIO-MUM-0299-01' },
        ],
      },
      planId: 'JIO-MUM-0299-01',
      amount: 29900,
    });
    const validateCall = (fetchMock.mock.calls as unknown as [string, RequestInit][]).find(([url]) =>
      url.endsWith('/validate'),
    );
    const headers = validateCall?.[1].headers as Record<string, string> | undefined;
    expect(headers?.authorization).toBe('Bearer tok');
    expect(arrivals[0]?.pathname).toBe('/payment-selection');
    expect(arrivals[0]?.state).toMatchObject({
      amount: 299,
      user: { email: 'asha@example.in' },
      plan: { id: 'JIO-MUM-0299-01', categoryType: 'Unlimited', amountInRupees: 299 },
      biller: { billerId: 'JIO000000NAT01' },
      validationReq: request,
      validationRes: accepted,
    });
  });

  it("says 'Error submitting data' with the api's reason when validation is refused", async () => {
    serveNetwork(() => {
      throw { status: 400, message: 'The amount does not match the plan. Please choose the plan again.' };
    });
    signIn();
    const { arrivals } = renderScreen(<MobileRechargeForm />);
    await fillForm();
    await userEvent.click(proceed());
    const toast = await toastText();
    expect(toast).toContain('Error submitting data');
    expect(toast).toContain('The amount does not match the plan. Please choose the plan again.');
    expect(arrivals).toEqual([]);
  });

  it('says the operators are still loading during the first sync, then lists them by itself', async () => {
    let synced = false;
    const fetchMock = stubApi({
      'GET /bbps/prod/Mobile Prepaid': () => (synced ? operators : []),
      'GET /health': () => health(synced),
    });
    renderScreen(<MobileRechargeForm />);
    const operator = await screen.findByRole('combobox', { name: 'Operator' });
    expect(await screen.findByText(CATALOGUE_LOADING)).toBeTruthy();
    expect((operator as HTMLInputElement).disabled).toBe(true);

    synced = true;
    await waitFor(() => expect(screen.queryByText(CATALOGUE_LOADING)).toBeNull(), {
      timeout: 10_000,
    });
    await waitFor(() => expect((operator as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(operator);
    const list = screen.getByRole('listbox', { name: 'Operator' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(operators.map((candidate) => candidate.billerName));
    expect(bodiesSentTo(fetchMock, 'GET /health').length).toBeGreaterThanOrEqual(2);
  });

  it("says 'No Results Found' for an empty operator list once the catalogue is synchronised", async () => {
    stubApi({ 'GET /bbps/prod/Mobile Prepaid': () => [], 'GET /health': () => health(true) });
    renderScreen(<MobileRechargeForm />);
    const operator = await screen.findByRole('combobox', { name: 'Operator' });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading operator' })).toBeNull());
    await userEvent.click(operator);
    expect(screen.getByText('No Results Found')).toBeTruthy();
    expect(screen.queryByText(CATALOGUE_LOADING)).toBeNull();
  });
});
