import type { CategorySlug } from '@erti/contracts/catalogue';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import type { BillerPaging, BillerSearchResult } from '../hooks/use-biller-search.ts';
import type { BillEntryState } from '../navigation.ts';
import { BillerLogo } from './biller-logo.tsx';

/** The 'All Billers' region, which the search box controls (`aria-controls`). */
export const BILLER_LIST_ID = 'all-billers-list';

/** The 'All Billers' list: logo and name of each, a link to its bill-entry page. */
export function AllBillers({
  search,
  categorySlug,
}: {
  search: BillerSearchResult;
  categorySlug: CategorySlug;
}) {
  const { formatMessage } = useIntl();
  return (
    <section
      id={BILLER_LIST_ID}
      aria-labelledby="all-billers"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="all-billers" className="text-lg font-semibold text-gray-900">
        {formatMessage({ id: 'bills.list.title' })}
      </h2>
      <AllBillersBody search={search} categorySlug={categorySlug} />
    </section>
  );
}

function AllBillersBody({
  search,
  categorySlug,
}: {
  search: BillerSearchResult;
  categorySlug: CategorySlug;
}) {
  const { formatMessage } = useIntl();
  if (search.isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={formatMessage({ id: 'bills.list.loading' })} />
      </div>
    );
  }
  if (search.isError) {
    return (
      <div className="py-8 text-center">
        <LoadFailed onRetry={search.retry}>{formatMessage({ id: 'bills.list.loadFailed' })}</LoadFailed>
      </div>
    );
  }
  if (search.isCatalogueLoading) {
    return (
      <div className="py-8 text-center text-gray-700">
        {/* Instead of 'No Results Found' while the first sync still fills the catalogue (decision 043). */}
        <p role="status">{formatMessage({ id: 'bills.list.catalogueLoading' })}</p>
        <RetryButton onClick={search.retry} />
      </div>
    );
  }
  if (search.billers.length === 0) {
    return (
      <p role="status" className="py-10 text-center text-gray-600">
        {formatMessage({ id: 'spec.empty.results' })}
      </p>
    );
  }
  return <BillerList search={search} categorySlug={categorySlug} />;
}

/** The billers, with 'Show more billers' under a long category's list. */
function BillerList({ search, categorySlug }: { search: BillerSearchResult; categorySlug: CategorySlug }) {
  const { formatMessage } = useIntl();
  const listRef = useRef<HTMLUListElement>(null);
  // After 'Show more billers', focus moves to the first new biller: the button may be gone by then.
  const focusIndex = useRef<number | null>(null);
  const shown = search.billers.length;
  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || shown <= index) return;
    focusIndex.current = null;
    listRef.current?.querySelectorAll('a')[index]?.focus();
  }, [shown]);
  const { paging } = search;
  return (
    <>
      {paging && (
        <p role="status" className="mt-1 text-sm text-gray-600">
          {paging.total === undefined
            ? formatMessage({ id: 'bills.list.showing' }, { shown })
            : formatMessage({ id: 'bills.list.showingOf' }, { shown, total: paging.total })}
        </p>
      )}
      <ul ref={listRef} className="mt-3 divide-y divide-gray-100">
        {search.billers.map((biller) => (
          <li key={biller.billerId}>
            <Link
              to={paths.billEntry(categorySlug, biller.billerCategoryName, biller.billerName)}
              state={{ biller } satisfies BillEntryState}
              className="flex items-center gap-3 rounded-lg px-2 py-3 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <BillerLogo billerName={biller.billerName} billerCategoryName={biller.billerCategoryName} />
              <span className="font-medium text-gray-900">{biller.billerName}</span>
            </Link>
          </li>
        ))}
      </ul>
      {paging?.hasMore && (
        <ShowMoreButton
          paging={paging}
          onClick={() => {
            focusIndex.current = shown;
            paging.loadMore();
          }}
        />
      )}
    </>
  );
}

function ShowMoreButton({ paging, onClick }: { paging: BillerPaging; onClick: () => void }) {
  const { formatMessage } = useIntl();
  return (
    <div className="mt-3 text-center">
      {paging.loadMoreFailed && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {formatMessage({ id: 'bills.list.moreFailed' })}
        </p>
      )}
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus while it loads. */}
      <button
        type="button"
        aria-disabled={paging.isLoadingMore}
        aria-busy={paging.isLoadingMore}
        onClick={paging.isLoadingMore ? undefined : onClick}
        className="inline-flex items-center gap-2 rounded-md border border-brand-700 px-4 py-2 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700 aria-disabled:opacity-60"
      >
        {paging.isLoadingMore && <Spinner decorative />}
        {formatMessage({ id: 'bills.list.showMore' })}
      </button>
    </div>
  );
}

function RetryButton({ onClick }: { onClick: () => void }) {
  const { formatMessage } = useIntl();
  return (
    <button
      type="button"
      onClick={onClick}
      className="mt-3 rounded-md border border-brand-700 px-4 py-2 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {formatMessage({ id: 'payments.tryAgain' })}
    </button>
  );
}
