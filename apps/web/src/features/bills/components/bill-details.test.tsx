import type { BillRequest, BillResponse } from '@erti/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billers } from '../testing/fixtures.ts';
import { renderScreen, signIn, stubApi } from '../testing/render.tsx';
import { BillDetails } from './bill-details.tsx';

afterEach(() => vi.unstubAllGlobals());

const response: BillResponse = {
  respCode: 1,
  response: {
    billFetchId: 'bf_1',
    billerResponse: {
      customerName: 'Ramesh Kumar',
      amount: '123456.50',
      billDate: '2025-06-01',
      dueDate: '2025-06-20',
      billNumber: 'BN123',
      billPeriod: 'MONTHLY',
      custConvFee: '0.00',
    },
  },
};
const billReq: BillRequest = {
  chId: 1,
  billDetails: {
    billerId: 'BESCOM000KAR01',
    customerParams: [{ name: 'Consumer Number', value: '1234567890' }],
  },
};

describe('BillDetails', () => {
  it('shows the fetched bill and proceeds to the payment choice with it', async () => {
    signIn();
    stubApi(() => undefined);
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { router } = renderScreen(<BillDetails />, {
      path: '/billerdetails',
      url: '/billerdetails',
      state: { response, biller: billers.electricity, billReq },
    });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByText('Electricity Bill')).toBeTruthy();
    expect(screen.getByText('Bangalore Electricity Supply Company')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'BILLER DETAILS' })).toBeTruthy();
    for (const text of ['Ramesh Kumar', '1 Jun 2025', '20 Jun 2025', 'BN123', 'MONTHLY', '1234567890']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.queryByText('Convenience Fee')).toBeNull();
    const amount = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(amount.readOnly).toBe(true);
    expect(amount.value).toBe('₹1,23,456.50');
    await userEvent.click(screen.getByRole('button', { name: 'Proceed to Pay' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-selection'));
    expect(router.state.location.state).toEqual({
      amount: '123456.50',
      biller: billers.electricity,
      billReq,
      billRes: response,
      user: expect.objectContaining({ email: 'asha@example.com' }),
    });
  });

  it.each([
    ['a fee', '12.50', '₹12.50'],
    ['a fee the parser cannot read, as it was sent', '1e1', '1e1'],
  ])('names the convenience fee beside the bill: %s', (_, custConvFee, shown) => {
    stubApi(() => undefined);
    const withFee = {
      ...response.response,
      billerResponse: { ...response.response.billerResponse, custConvFee },
    };
    renderScreen(<BillDetails />, {
      path: '/billerdetails',
      url: '/billerdetails',
      state: { response: { ...response, response: withFee }, biller: billers.electricity, billReq },
    });
    expect(screen.getByText('Convenience Fee')).toBeTruthy();
    expect(screen.getByText(shown)).toBeTruthy();
  });

  it('points to the services when opened without a bill', () => {
    stubApi(() => undefined);
    renderScreen(<BillDetails />, { path: '/billerdetails', url: '/billerdetails' });
    expect(screen.getByRole('link', { name: 'Go to services' }).getAttribute('href')).toBe('/services');
  });
});
