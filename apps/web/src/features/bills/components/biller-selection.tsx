import type { Biller, SavedBill } from '@erti/contracts';
import type { CategorySlug, Service } from '@erti/contracts/catalogue';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ComboboxOption } from '../../../components/form/search-combobox.tsx';
import { WithBharatConnectLogo } from '../../../components/network-mark.tsx';
import { paths } from '../../../lib/paths.ts';
import { useBillerSearch } from '../hooks/use-biller-search.ts';
import type { BillEntryState } from '../navigation.ts';
import { useServiceCopy } from '../service-copy.ts';
import { AllBillers } from './all-billers.tsx';
import { BillerSearchBox } from './biller-search-box.tsx';
import { RecentBills } from './recent-bills.tsx';

/** A biller as a choice of a search box (the services page's). */
export const billerChoice = (biller: Biller, detail?: string): ComboboxOption => ({
  id: biller.billerId,
  label: biller.billerName,
  detail,
});

/** Opens a biller's bill-entry page with its record, as the biller list's links do. */
export function useOpenBillEntry() {
  const navigate = useNavigate();
  return (categorySlug: CategorySlug, biller: Biller) =>
    navigate(paths.billEntry(categorySlug, biller.billerCategoryName, biller.billerName), {
      state: { biller } satisfies BillEntryState,
    });
}

/**
 * The biller-selection page of a service: heading, search, the user's recent bills and every biller.
 * The list under the box is the search's answer, its links reached with Tab: a popup of choices
 * would repeat it and cover it (decision 071). `savedBillActions` adds what other features offer for
 * a saved bill (Add to My Bills).
 */
export function BillerSelection({
  service,
  categorySlug,
  savedBillActions,
}: {
  service: Service;
  categorySlug: CategorySlug;
  savedBillActions?: (bill: SavedBill) => ReactNode;
}) {
  const [query, setQuery] = useState('');
  const search = useBillerSearch(service.title, query);
  const copy = useServiceCopy(service);
  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <WithBharatConnectLogo>
        <h1 className="text-3xl font-bold text-brand-700">{copy.heading}</h1>
        <p className="mt-2 max-w-3xl text-gray-600">{copy.text}</p>
      </WithBharatConnectLogo>
      <div className="mt-6 max-w-xl">
        <BillerSearchBox value={query} onChange={setQuery} busy={search.isSettling} />
      </div>
      <div className="mt-6 max-w-3xl space-y-6">
        <RecentBills category={service.title} categorySlug={categorySlug} actions={savedBillActions} />
        <AllBillers search={search} categorySlug={categorySlug} />
      </div>
    </section>
  );
}
