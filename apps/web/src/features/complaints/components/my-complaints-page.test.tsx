import type { MyComplaint } from '@erti/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session.ts';
import { renderScreen } from '../testing/render.tsx';
import { MyComplaintsPage } from './my-complaints-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

function signIn(): void {
  saveSession(
    { message: 'User Login success', Token: 'tok_test', UserId: 'usr_1' },
    { userName: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', _id: 'usr_1' },
  );
}

function makeComplaint(overrides: Partial<MyComplaint> = {}): MyComplaint {
  return {
    complaintId: 'CC0126336000001',
    queryType: 'Money debited but no confirmation',
    txnReferenceId: 'CC016336BAAA00000001',
    status: 'ASSIGNED',
    remarks: "Assigned to the biller's bank on Bharat Connect",
    expectedResolutionDate: '2026-12-11',
    raisedAt: '2026-12-02T04:30:00.000Z',
    updatedAt: '2026-12-02T04:30:00.000Z',
    ...overrides,
  };
}

/** Answers `GET /api/complaints/mine` with `complaints`; any other call fails the test. */
function serveMyComplaints(complaints: MyComplaint[], status = 200) {
  const fetch = vi.fn(async (url: string, init: RequestInit = {}) => {
    if (`${init.method ?? 'GET'} ${url}` !== 'GET /api/complaints/mine') throw new Error(`Unexpected ${url}`);
    const text = JSON.stringify(status === 200 ? { complaints } : { message: 'down' });
    return { ok: status < 300, status, text: async () => text } as Response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('My complaints', () => {
  it('lists each complaint with its status in words, what it means and the remarks', async () => {
    signIn();
    serveMyComplaints([
      makeComplaint({
        complaintId: 'CC0126336000002',
        status: 'RESOLVED',
        remarks: 'Resolved: the biller confirmed transaction CC016336BAAA00000001',
      }),
      makeComplaint(),
    ]);
    renderScreen(<MyComplaintsPage />);
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const resolved = within(cards[0] as HTMLElement);
    expect(resolved.getByRole('heading', { name: 'Complaint CC0126336000002' })).toBeTruthy();
    expect(resolved.getByText('Resolved')).toBeTruthy();
    expect(resolved.getByText(/Your complaint has been resolved/)).toBeTruthy();
    expect(
      resolved.getByText('Resolved: the biller confirmed transaction CC016336BAAA00000001'),
    ).toBeTruthy();
    // A complaint that is over promises no resolution date.
    expect(resolved.queryByText('Expected resolution by')).toBeNull();

    const open = within(cards[1] as HTMLElement);
    expect(open.getByText('Assigned')).toBeTruthy();
    expect(open.getByText(/passed your complaint to the biller's bank/)).toBeTruthy();
    expect(open.getByText('Money debited but no confirmation')).toBeTruthy();
    expect(open.getByText('CC016336BAAA00000001')).toBeTruthy();
    expect(open.getByText('Expected resolution by')).toBeTruthy();
    expect(screen.queryByText(/BBPOU/)).toBeNull();
  });

  it('offers Raise Complaint when there is none', async () => {
    signIn();
    serveMyComplaints([]);
    renderScreen(<MyComplaintsPage />);
    expect(await screen.findByRole('heading', { name: 'You have not raised any complaint.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Raise Complaint' }).getAttribute('href')).toBe('/complaint');
  });

  it('asks a visitor to log in, and calls nothing', async () => {
    const fetch = serveMyComplaints([]);
    renderScreen(<MyComplaintsPage />);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?from=%2Fmy-complaints',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
