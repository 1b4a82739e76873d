import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billers } from '../testing/fixtures.ts';
import { callsOf, renderScreen, stubApi } from '../testing/render.tsx';
import { BillerNotFoundError, useBillEntryBiller } from './use-bill-entry-biller.ts';

afterEach(() => vi.unstubAllGlobals());

function BillerName({ hint }: { hint: Parameters<typeof useBillEntryBiller>[2] }) {
  const query = useBillEntryBiller('Electricity', billers.electricity.billerName, hint);
  if (query.isPending) return <p>Loading</p>;
  if (query.isError) return <p>{query.error instanceof BillerNotFoundError ? 'Not found' : 'Failed'}</p>;
  return <p>Found {query.data.billerId}</p>;
}

const show = (hint: Parameters<typeof useBillEntryBiller>[2]) =>
  renderScreen(<BillerName hint={hint} />, { path: '/', url: '/' });

describe('useBillEntryBiller', () => {
  it('uses the record handed over in navigation state without asking the api', async () => {
    const fetchMock = stubApi(() => undefined);
    show({ biller: billers.electricity });
    expect(await screen.findByText('Found BESCOM000KAR01')).toBeTruthy();
    expect(callsOf(fetchMock).filter((call) => call.includes('/bbps/'))).toEqual([]);
  });

  it('loads the record by id when only the id is known (a saved bill)', async () => {
    const fetchMock = stubApi((method, path) =>
      method === 'POST' && path === '/bbps/prod/billerid' ? { body: billers.electricity } : undefined,
    );
    show({ billerId: 'BESCOM000KAR01' });
    expect(await screen.findByText('Found BESCOM000KAR01')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls.at(-1)?.[1]?.body))).toEqual({
      billerId: 'BESCOM000KAR01',
      billerCategoryName: 'Electricity',
    });
  });

  it('finds the biller by category and name on a deep link', async () => {
    const fetchMock = stubApi((_method, path) =>
      path.startsWith('/bbps/prod/Electricity?q=') ? { body: [billers.electricity] } : undefined,
    );
    show({});
    expect(await screen.findByText('Found BESCOM000KAR01')).toBeTruthy();
    expect(callsOf(fetchMock)).toContain(
      'GET /api/bbps/prod/Electricity?q=Bangalore+Electricity+Supply+Company&limit=50',
    );
  });

  it('says not found when no biller has that exact name', async () => {
    stubApi(() => ({ body: [{ ...billers.electricity, billerName: 'Bangalore Electricity' }] }));
    show({});
    expect(await screen.findByText('Not found')).toBeTruthy();
  });
});
