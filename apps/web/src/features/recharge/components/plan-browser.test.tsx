import type { Plan } from '@erti/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { longDescription, makePlan, mumbaiPlans } from '../testing/fixtures.ts';
import { renderScreen, stubApi } from '../testing/render.tsx';
import { PlanBrowser } from './plan-browser.tsx';

afterEach(() => vi.unstubAllGlobals());

function servePlans(plans: Plan[] = mumbaiPlans) {
  return stubApi({ 'POST /bbps/prod/circle': () => plans });
}

/** A screen that owns the amount, as the recharge form does. */
function AmountHost({ onSelect, onClear }: { onSelect(plan: Plan): void; onClear(): void }) {
  const [amount, setAmount] = useState('');
  return (
    <>
      <label>
        Amount
        <input value={amount} onChange={(event) => setAmount(event.target.value)} />
      </label>
      <PlanBrowser
        billerId="JIO000000NAT01"
        circle="Mumbai"
        variant="home"
        searchAmount={amount}
        onSelect={onSelect}
        onClear={onClear}
      />
    </>
  );
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('plan browser, bill-entry variant', () => {
  it('shows the spec columns, tags without the package name, and the empty state', async () => {
    servePlans([
      makePlan({
        Id: 'TATA-0350',
        amountInRupees: 350,
        categoryType: 'Monthly',
        planAdditionalInfo: {
          tag: [
            { paramName: 'Package Name', paramValue: 'Hindi Smart' },
            { paramName: 'Channels', paramValue: '230' },
          ],
        },
      }),
    ]);
    renderScreen(<PlanBrowser billerId="TATA00000NAT01" variant="bill-entry" onSelect={() => {}} />);
    const table = await screen.findByRole('grid', { name: 'Plans' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Plan ID', 'Amount (₹)', 'Category', 'Description', 'Tags']);
    expect(within(table).getByText('Channels: 230')).toBeTruthy();
    expect(within(table).queryByText(/Hindi Smart/)).toBeNull();

    await userEvent.type(screen.getByPlaceholderText('Search by Amount'), '99');
    expect(await screen.findByText('No plans available')).toBeTruthy();
  });

  it('auto-selects on an exact amount, keeps digits only, and enables Proceed to Pay', async () => {
    servePlans();
    const onProceed = vi.fn();
    const onSelect = vi.fn();
    renderScreen(
      <PlanBrowser
        billerId="JIO000000NAT01"
        circle="Mumbai"
        variant="bill-entry"
        onSelect={onSelect}
        onProceed={onProceed}
      />,
    );
    await screen.findByRole('grid');
    const proceed = screen.getByRole('button', { name: 'Proceed to Pay' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(true);

    const search = screen.getByPlaceholderText('Search by Amount') as HTMLInputElement;
    await userEvent.type(search, '2a9');
    expect(search.value).toBe('29');
    await waitFor(() => expect(onSelect).toHaveBeenLastCalledWith(mumbaiPlans[2]));
    await userEvent.type(search, '9');
    await waitFor(() => expect(onSelect).toHaveBeenLastCalledWith(mumbaiPlans[1]));
    expect(screen.getByText('Plan Validity:').parentElement?.textContent).toBe('Plan Validity: Unlimited');
    expect(rowOf('JIO-MUM-0299-01').getAttribute('aria-selected')).toBe('true');

    await userEvent.click(proceed);
    expect(onProceed).toHaveBeenCalledWith(mumbaiPlans[1]);

    await userEvent.type(search, '1');
    await waitFor(() => expect(proceed.disabled).toBe(true));
    expect(screen.queryByText('Selected Plan:')).toBeNull();
  });

  it('selects a row by click and by keyboard, and sets the search to its amount', async () => {
    servePlans();
    const onSelect = vi.fn();
    renderScreen(
      <PlanBrowser billerId="JIO000000NAT01" circle="Mumbai" variant="bill-entry" onSelect={onSelect} />,
    );
    await screen.findByRole('grid');
    await userEvent.click(rowOf('JIO-MUM-0299-02'));
    expect(onSelect).toHaveBeenLastCalledWith(mumbaiPlans[4]);
    expect((screen.getByPlaceholderText('Search by Amount') as HTMLInputElement).value).toBe('299');
    expect(rowOf('JIO-MUM-0299-02').getAttribute('aria-selected')).toBe('true');

    rowOf('JIO-MUM-0299-02').focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(rowOf('JIO-MUM-0299-01'));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(mumbaiPlans[3]);
    expect(screen.getByText('Plan Validity:').parentElement?.textContent).toBe('Plan Validity: Annual');
  });

  it('is one Tab stop: Tab enters at a row, the arrows, Home and End move along, and the next Tab leaves', async () => {
    servePlans();
    renderScreen(
      <>
        <PlanBrowser billerId="JIO000000NAT01" circle="Mumbai" variant="bill-entry" onSelect={() => {}} />
        <button type="button">After the plans</button>
      </>,
    );
    await screen.findByRole('grid');
    const after = screen.getByRole('button', { name: 'After the plans' });
    screen.getByRole('tab', { name: 'All' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(rowOf('JIO-MUM-0199-01'));
    await userEvent.tab();
    expect(document.activeElement).toBe(after);

    await userEvent.tab({ shift: true });
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(rowOf('JIO-MUM-0299-02'));
    await userEvent.keyboard('{Home}{ArrowDown}');
    const long = rowOf('JIO-MUM-0299-01');
    expect(document.activeElement).toBe(long);
    // Only the row holding the Tab stop lets its View More button take one.
    await userEvent.tab();
    expect(document.activeElement).toBe(within(long).getByRole('button', { name: 'View More' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(after);
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(long);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'All' }));
  });

  it('cuts long descriptions and expands them without selecting the plan', async () => {
    servePlans();
    const onSelect = vi.fn();
    renderScreen(
      <PlanBrowser billerId="JIO000000NAT01" circle="Mumbai" variant="bill-entry" onSelect={onSelect} />,
    );
    await screen.findByRole('grid');
    const row = rowOf('JIO-MUM-0299-01');
    expect(row.textContent).toContain('…');
    expect(row.textContent).not.toContain(longDescription);
    await userEvent.click(within(row).getByRole('button', { name: 'View More' }));
    expect(row.textContent).toContain(longDescription);
    expect(within(row).getByRole('button', { name: 'View Less' })).toBeTruthy();
    expect(onSelect).not.toHaveBeenCalled();
  });
});

describe('plan browser tabs', () => {
  it('filters by category and moves between tabs with the arrow keys', async () => {
    servePlans();
    renderScreen(
      <PlanBrowser billerId="JIO000000NAT01" circle="Mumbai" variant="home" onSelect={() => {}} />,
    );
    await screen.findByRole('grid');
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['All', 'Unlimited', 'Data', 'Annual']);
    expect(screen.getAllByRole('row')).toHaveLength(1 + mumbaiPlans.length);

    screen.getByRole('tab', { name: 'All' }).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    const data = screen.getByRole('tab', { name: 'Data' });
    expect(data.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(data);
    expect(screen.getAllByRole('row')).toHaveLength(1 + 2);
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Annual' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('plan browser, home variant', () => {
  it('shows the home columns and follows an amount typed outside it', async () => {
    servePlans();
    const onSelect = vi.fn();
    const onClear = vi.fn();
    renderScreen(<AmountHost onSelect={onSelect} onClear={onClear} />);
    const table = await screen.findByRole('grid');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Circle', 'Plan type', 'Data', 'Validity (in days)', 'Description', 'Price']);
    expect(within(table).getByText('Rs. 2999')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Search by Amount')).toBeNull();

    await userEvent.type(screen.getByLabelText('Amount'), '199');
    await waitFor(() => expect(onSelect).toHaveBeenLastCalledWith(mumbaiPlans[0]));
    expect(screen.getAllByRole('row')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Amount'), '0');
    await waitFor(() => expect(onClear).toHaveBeenCalled());
  });

  it('shows cards with Select and View More / View Less on small screens', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    servePlans();
    const onSelect = vi.fn();
    renderScreen(
      <PlanBrowser billerId="JIO000000NAT01" circle="Mumbai" variant="home" onSelect={onSelect} />,
    );
    const cards = await screen.findByRole('list', { name: 'Plans' });
    expect(screen.queryByRole('grid')).toBeNull();
    // The cards stay in the bounded scroll box, which contains their sr-only (absolute) text.
    const box = screen.getByRole('tabpanel');
    expect(box.contains(cards)).toBe(true);
    expect(box.style.maxHeight).toBe('450px');
    expect(box.className).toContain('overflow-auto');
    expect(box.className).toContain('relative');
    const longCard = within(cards).getByText(longDescription).closest('li') as HTMLElement;
    const more = within(longCard).getByRole('button', { name: 'View More' });
    await userEvent.click(more);
    expect(more.textContent).toBe('View Less');
    await act(() => userEvent.click(within(longCard).getByRole('button', { name: /^Select/ })));
    expect(onSelect).toHaveBeenCalledWith(mumbaiPlans[1]);
    expect(
      within(longCard)
        .getByRole('button', { name: /^Selected/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
