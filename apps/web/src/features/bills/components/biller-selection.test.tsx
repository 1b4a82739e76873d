import type { Biller, SavedBill } from '@erti/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billers } from '../testing/fixtures.ts';
import { callsOf, renderScreen, SITE_CONFIG, signIn, stubApi } from '../testing/render.tsx';
import { BillerSelection } from './biller-selection.tsx';

afterEach(() => vi.unstubAllGlobals());

const electricity = { title: 'Electricity', caption: 'Electricity Bill', icon: 'zap' };
const named = (billerName: string, index: number): Biller => ({
  ...billers.electricity,
  billerId: `ELEC${String(index).padStart(10, '0')}`,
  billerName,
});
const small = ['Adani Electricity', 'BSES Rajdhani', 'Tata Power Mumbai'].map(named);
const large = Array.from({ length: 50 }, (_, index) => named(`Power Board ${index}`, index));
/** A category of 104 billers, served 50 at a time as the api does, with its total in `x-total-count`. */
const all = Array.from({ length: 104 }, (_, index) =>
  named(`Board ${String(index + 1).padStart(3, '0')}`, index),
);
/** The category as the api serves it: a page at a time, or what a search finds (a name containing it here). */
const page = (path: string) => {
  const url = new URL(path, 'http://api.test');
  if (url.pathname !== '/bbps/prod/Electricity') return undefined;
  const q = url.searchParams.get('q')?.toLowerCase();
  if (q !== undefined) return { body: all.filter((biller) => biller.billerName.toLowerCase().includes(q)) };
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit'));
  return { body: all.slice(offset, offset + limit), headers: { 'x-total-count': String(all.length) } };
};

function renderSelection() {
  return renderScreen(<BillerSelection service={electricity} categorySlug="utilities" />, {
    path: '/services/:category/:subcategory',
    url: '/services/utilities/Electricity',
  });
}

const listed = () =>
  within(screen.getByRole('region', { name: 'All Billers' }))
    .queryAllByRole('link')
    .map((link) => link.textContent);

const CATALOGUE_LOADING = 'We are still loading the list of billers. Please try again in a moment.';

describe('BillerSelection', () => {
  it('searches on the server once the text rests, shows its answer in its order, with a clear button', async () => {
    const fetchMock = stubApi((_method, path) => {
      if (path === '/bbps/prod/Electricity?limit=50') return { body: small };
      if (path === '/bbps/prod/Electricity?q=POWER&limit=50') return { body: [small[2], small[0]] };
      if (path === '/bbps/prod/Electricity?q=gujarat&limit=50') return { body: [] };
      return undefined;
    });
    renderSelection();
    expect(screen.getByRole('heading', { name: 'Pay your Electricity Bill' })).toBeTruthy();
    await waitFor(() =>
      expect(listed()).toEqual(['Adani Electricity', 'BSES Rajdhani', 'Tata Power Mumbai']),
    );
    const search = screen.getByPlaceholderText('Search your biller here');
    await userEvent.type(search, 'POWER');
    // The server's order (best first), not the page's.
    await waitFor(() => expect(listed()).toEqual(['Tata Power Mumbai', 'Adani Electricity']));
    await userEvent.clear(search);
    await userEvent.type(search, 'gujarat');
    expect(await screen.findByText('No Results Found')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(listed()).toHaveLength(3);
    expect(document.activeElement).toBe(search);
    // One search per resting text: none for P, PO, POW, POWE, nor for g … gujara.
    expect(callsOf(fetchMock).filter((call) => call.includes('q='))).toEqual([
      'GET /api/bbps/prod/Electricity?q=POWER&limit=50',
      'GET /api/bbps/prod/Electricity?q=gujarat&limit=50',
    ]);
  });

  it('searches a large category on the server, one page at most', async () => {
    const fetchMock = stubApi((_method, path) => {
      if (path === '/bbps/prod/Electricity?limit=50')
        return { body: large, headers: { 'x-total-count': '104' } };
      if (path === '/bbps/prod/Electricity?q=board+7&limit=50') return { body: [large[7]] };
      return undefined;
    });
    renderSelection();
    await waitFor(() => expect(listed()).toHaveLength(50));
    expect(screen.getByText('Showing 50 of 104 billers')).toBeTruthy();
    await userEvent.type(screen.getByPlaceholderText('Search your biller here'), 'board 7');
    await waitFor(() => expect(listed()).toEqual(['Power Board 7']));
    expect(callsOf(fetchMock)).toContain('GET /api/bbps/prod/Electricity?q=board+7&limit=50');
  });

  it('aborts a search overtaken by newer text, and never shows an older answer over a newer one', async () => {
    const answer = (body: unknown) => new Response(JSON.stringify(body));
    const held = new Map<
      string,
      { answer: (body: unknown) => void; signal: AbortSignal | null | undefined }
    >();
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const path = url.replace(/^\/api/, '');
        if (path === '/site-config') return Promise.resolve(answer(SITE_CONFIG));
        if (path === '/bbps/prod/Electricity?limit=50') return Promise.resolve(answer(small));
        // A search is answered when the test says, like a slow network; an abort ends it as fetch does.
        return new Promise<Response>((resolve, reject) => {
          held.set(path, { answer: (body) => resolve(answer(body)), signal: init?.signal });
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        });
      }),
    );
    renderSelection();
    await waitFor(() => expect(listed()).toHaveLength(3));
    const search = screen.getByPlaceholderText('Search your biller here');
    await userEvent.type(search, 'tata');
    await waitFor(() => expect(held.has('/bbps/prod/Electricity?q=tata&limit=50')).toBe(true));
    await userEvent.type(search, ' mumbai');
    await waitFor(() => expect(held.has('/bbps/prod/Electricity?q=tata+mumbai&limit=50')).toBe(true));
    const older = held.get('/bbps/prod/Electricity?q=tata&limit=50');
    const newer = held.get('/bbps/prod/Electricity?q=tata+mumbai&limit=50');
    expect(older?.signal?.aborted).toBe(true);
    expect(newer?.signal?.aborted).toBe(false);

    newer?.answer([small[2]]);
    await waitFor(() => expect(listed()).toEqual(['Tata Power Mumbai']));
    // The older text's answer arrives last: it must not replace the newer one.
    older?.answer([small[0], small[1]]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listed()).toEqual(['Tata Power Mumbai']);
    expect([...held.keys()]).toEqual([
      '/bbps/prod/Electricity?q=tata&limit=50',
      '/bbps/prod/Electricity?q=tata+mumbai&limit=50',
    ]);
  });

  it('shows the next 50 billers of a long category on Show more billers, focusing the first new one', async () => {
    const fetchMock = stubApi((_method, path) => page(path));
    renderSelection();
    await waitFor(() => expect(listed()).toHaveLength(50));
    expect(screen.getByText('Showing 50 of 104 billers')).toBeTruthy();
    expect(screen.queryByText('Board 051')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show more billers' }));
    await waitFor(() => expect(listed()).toHaveLength(100));
    expect(callsOf(fetchMock)).toContain('GET /api/bbps/prod/Electricity?limit=50&offset=50');
    expect(listed()[50]).toBe('Board 051');
    expect(document.activeElement?.textContent).toBe('Board 051');
    expect(screen.getByText('Showing 100 of 104 billers')).toBeTruthy();
  });

  it('drops Show more billers once the whole category is shown, and still searches and says No Results Found', async () => {
    const fetchMock = stubApi((_method, path) => page(path));
    renderSelection();
    await waitFor(() => expect(listed()).toHaveLength(50));
    await userEvent.click(screen.getByRole('button', { name: 'Show more billers' }));
    await waitFor(() => expect(listed()).toHaveLength(100));
    await userEvent.click(screen.getByRole('button', { name: 'Show more billers' }));
    await waitFor(() => expect(listed()).toHaveLength(104));
    expect(callsOf(fetchMock)).toContain('GET /api/bbps/prod/Electricity?limit=50&offset=100');
    expect(screen.queryByRole('button', { name: 'Show more billers' })).toBeNull();
    expect(screen.getByText('Showing 104 of 104 billers')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Board 101');

    const search = screen.getByPlaceholderText('Search your biller here');
    await userEvent.type(search, 'board 10');
    await waitFor(() =>
      expect(listed()).toEqual(['Board 100', 'Board 101', 'Board 102', 'Board 103', 'Board 104']),
    );
    await userEvent.clear(search);
    await userEvent.type(search, 'gujarat');
    expect(await screen.findByText('No Results Found')).toBeTruthy();
  });

  it('keeps the billers shown and Show more billers when the next page fails', async () => {
    stubApi((_method, path) =>
      path.includes('offset=50') ? { status: 500, body: { message: 'Oops' } } : page(path),
    );
    renderSelection();
    await waitFor(() => expect(listed()).toHaveLength(50));
    const button = screen.getByRole('button', { name: 'Show more billers' });
    await userEvent.click(button);
    expect(await screen.findByText('We could not load more billers just now.')).toBeTruthy();
    expect(listed()).toHaveLength(50);
    expect(screen.getByRole('button', { name: 'Show more billers' })).toBe(button);
    expect(document.activeElement).toBe(button);
  });

  it('says the biller list is still loading while the first sync runs, then shows it by itself', async () => {
    let synced = false;
    const fetchMock = stubApi((_method, path) => {
      if (path === '/bbps/prod/Electricity?limit=50') return { body: synced ? small : [] };
      if (path === '/health') {
        const catalogue = synced
          ? { billers: 120, lastSyncAt: '2025-06-01T10:00:00.000Z', syncing: false }
          : { billers: 0, lastSyncAt: null, syncing: true };
        return { body: { status: 'ok', catalogue } };
      }
      return undefined;
    });
    renderSelection();
    expect(await screen.findByText(CATALOGUE_LOADING)).toBeTruthy();
    expect(screen.queryByText('No Results Found')).toBeNull();

    synced = true;
    await waitFor(() => expect(listed()).toHaveLength(3), { timeout: 10_000 });
    expect(screen.queryByText(CATALOGUE_LOADING)).toBeNull();
    expect(callsOf(fetchMock).filter((call) => call === 'GET /api/health').length).toBeGreaterThanOrEqual(2);
  });

  it('says No Results Found for an empty category once the catalogue is synchronised', async () => {
    const fetchMock = stubApi((_method, path) => {
      if (path === '/bbps/prod/Electricity?limit=50') return { body: [] };
      if (path === '/health') {
        const catalogue = { billers: 120, lastSyncAt: '2025-06-01T10:00:00.000Z', syncing: true };
        return { body: { status: 'ok', catalogue } };
      }
      return undefined;
    });
    renderSelection();
    await waitFor(() => expect(callsOf(fetchMock)).toContain('GET /api/health'));
    expect(await screen.findByText('No Results Found')).toBeTruthy();
    expect(screen.queryByText(CATALOGUE_LOADING)).toBeNull();
  });

  it('links each biller to its bill-entry page, carrying the record', async () => {
    stubApi((_method, path) => (path === '/bbps/prod/Electricity?limit=50' ? { body: small } : undefined));
    const { router } = renderSelection();
    await userEvent.click(await screen.findByRole('link', { name: 'BSES Rajdhani' }));
    expect(router.state.location.pathname).toBe('/services/utilities/Electricity/BSES%20Rajdhani');
    expect(router.state.location.state).toEqual({ biller: small[1] });
  });

  it('shows no Recent Bills to a visitor', async () => {
    const fetchMock = stubApi((_method, path) =>
      path === '/bbps/prod/Electricity?limit=50' ? { body: small } : undefined,
    );
    renderSelection();
    await waitFor(() => expect(listed()).toHaveLength(3));
    expect(screen.queryByRole('heading', { name: 'Recent Bills' })).toBeNull();
    expect(callsOf(fetchMock).some((call) => call.includes('mybills'))).toBe(false);
  });

  it('lets a signed-in user switch between saved bills and delete one after the server agrees', async () => {
    signIn();
    const saved = (billNumber: string, customerName: string, paidAt: string | null = null): SavedBill => ({
      _id: `sb_${billNumber}`,
      category: 'Electricity',
      billerId: 'BESCOM000KAR01',
      billerName: 'BESCOM',
      customerName,
      billNumber,
      dueDate: '2025-07-01',
      amount: '812.00',
      BillRequest: {
        billDetails: { customerParams: [{ name: 'Consumer Number', value: `99${billNumber}` }] },
      },
      paidAt,
    });
    let deleteStatus = 500;
    const fetchMock = stubApi((method, path) => {
      if (path === '/bbps/prod/Electricity?limit=50') return { body: small };
      if (method === 'POST' && path === '/bbps/prod/mybills/category') {
        return { body: [saved('111', 'Ravi'), saved('222', 'Meena', '2025-06-20T05:30:00.000Z')] };
      }
      if (method === 'DELETE') return { status: deleteStatus, body: { message: 'done' } };
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSelection();
    const panel = await screen.findByRole('region', { name: 'Recent Bills' });
    await within(panel).findByText(/Ravi/);
    expect(within(panel).queryByText(/^Paid on/)).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Show all saved bills (2)' }));
    await userEvent.click(within(panel).getByRole('button', { name: /Meena/ }));
    expect(within(panel).getByRole('button', { name: 'Delete saved bill 222' })).toBeTruthy();
    expect(within(panel).getByText('Paid on 20 Jun 2025')).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'Delete saved bill 222' }));
    await waitFor(() => expect(callsOf(fetchMock)).toContain('DELETE /api/bbps/prod/mybills/category'));
    expect(within(panel).getByRole('button', { name: 'Delete saved bill 222' })).toBeTruthy();

    deleteStatus = 200;
    await userEvent.click(within(panel).getByRole('button', { name: 'Delete saved bill 222' }));
    await waitFor(() => expect(within(panel).queryByText(/Meena/)).toBeNull());
    expect(within(panel).getByRole('button', { name: 'Delete saved bill 111' })).toBeTruthy();
    const deleteBody = fetchMock.mock.calls.findLast(([, init]) => init?.method === 'DELETE')?.[1]?.body;
    expect(JSON.parse(String(deleteBody))).toEqual({ category: 'Electricity', billNumber: '222' });
  });

  it('shows what another feature offers for the current saved bill (Add to My Bills) under it', async () => {
    signIn();
    const bill: SavedBill = {
      _id: 'sb_333',
      category: 'Electricity',
      billerId: 'BESCOM000KAR01',
      billerName: 'BESCOM',
      customerName: 'Ravi',
      billNumber: '333',
      dueDate: '2025-07-01',
      amount: '812.00',
      BillRequest: { billDetails: { customerParams: [{ name: 'Consumer Number', value: '99333' }] } },
      paidAt: null,
    };
    stubApi((method, path) => {
      if (path === '/bbps/prod/Electricity?limit=50') return { body: small };
      return method === 'POST' && path === '/bbps/prod/mybills/category' ? { body: [bill] } : undefined;
    });
    renderScreen(
      <BillerSelection
        service={electricity}
        categorySlug="utilities"
        savedBillActions={(saved) => (
          <p>Actions for {saved.BillRequest.billDetails.customerParams[0]?.value}</p>
        )}
      />,
      { path: '/services/:category/:subcategory', url: '/services/utilities/Electricity' },
    );
    const panel = await screen.findByRole('region', { name: 'Recent Bills' });
    expect(await within(panel).findByText('Actions for 99333')).toBeTruthy();
  });

  it('says Recent Bills did not load, with a retry that brings them, rather than saying there are none', async () => {
    signIn();
    let savedBillsUp = false;
    stubApi((_method, path) => {
      if (path === '/bbps/prod/Electricity?limit=50') return { body: small };
      if (path === '/bbps/prod/mybills/category')
        return savedBillsUp ? { body: [] } : { status: 503, body: {} };
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSelection();
    const panel = await screen.findByRole('region', { name: 'Recent Bills' });
    expect(within(panel).getByRole('status', { name: 'Loading your saved bills' })).toBeTruthy();
    await within(panel).findByText('We could not load your saved bills.', {}, { timeout: 5000 });
    expect(within(panel).queryByText('Bills you fetch here are saved for next time.')).toBeNull();
    savedBillsUp = true;
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Bills you fetch here are saved for next time.')).toBeTruthy();
  });
});
