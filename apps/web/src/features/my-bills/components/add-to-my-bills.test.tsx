import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../../lib/session.ts';
import { makeMyBill, renderWithClient, signIn, stubApi } from '../testing/render.tsx';
import { AddToMyBills } from './add-to-my-bills.tsx';

beforeEach(signIn);
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const params = [{ name: 'Account ID', value: '1234567890' }];

describe('Add to My Bills', () => {
  it('adds the bill with the nickname typed', async () => {
    const calls = stubApi({
      'POST /api/my-bills': (body) => ({ status: 201, body: makeMyBill(body as object) }),
    });
    renderWithClient(
      <AddToMyBills billerId="BESCOM000KAR01" customerParams={params} suggestedNickname="BESCOM" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to My Bills' }));
    const nickname = screen.getByLabelText('Nickname');
    expect((nickname as HTMLInputElement).value).toBe('BESCOM');
    await userEvent.clear(nickname);
    await userEvent.type(nickname, 'Home{Enter}');
    expect((await screen.findByRole('status')).textContent).toContain('Added to My Bills as “Home”');
    expect(calls[0]?.body).toEqual({ billerId: 'BESCOM000KAR01', customerParams: params, nickname: 'Home' });
  });

  it("shows the server's answer when the bill is already there", async () => {
    stubApi({
      'POST /api/my-bills': () => ({
        status: 409,
        body: { message: 'This bill is already in your My Bills' },
      }),
    });
    renderWithClient(
      <AddToMyBills billerId="BESCOM000KAR01" customerParams={params} suggestedNickname="BESCOM" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to My Bills' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This bill is already in your My Bills');
    expect(screen.getByLabelText('Nickname').getAttribute('aria-invalid')).toBe('true');
  });
});
