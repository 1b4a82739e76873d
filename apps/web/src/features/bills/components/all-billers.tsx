import type { CategorySlug } from '@erti/contracts/catalogue';
import { messages } from '@erti/contracts/messages';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/layout/spinner.tsx';
import { catalogueLoadingMessage } from '../../../lib/catalogue-state.ts';
import { paths } from '../../../lib/paths.ts';
import type { BillerPaging, BillerSearchResult } from '../hooks/use-biller-search.ts';
import type { BillEntryState } from '../navigation.ts';
import { BillerLogo } from './biller-logo.tsx';

/**
 * Shown instead of 'No Results Found' while the first sync with the bill network is still filling
 * the catalogue (the spec is silent; decision 043). The list asks again by itself when it ends.
 */
export const CATALOGUE_LOADING = catalogueLoadingMessage('billers');

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
  return (
    <section
      id={BILLER_LIST_ID}
      aria-labelledby="all-billers"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 id="all-billers" className="text-lg font-semibold text-gray-900">
        All Billers
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
  if (search.isLoading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading billers" />
      </div>
    );
  }
  if (search.isError) {
    return (
      <div className="py-8 text-center text-gray-700">
        <p>We could not load the billers just now.</p>
        <RetryButton onClick={search.retry} />
      </div>
    );
  }
  if (search.isCatalogueLoading) {
    return (
      <div className="py-8 text-center text-gray-700">
        <p role="status">{CATALOGUE_LOADING}</p>
        <RetryButton onClick={search.retry} />
      </div>
    );
  }
  if (search.billers.length === 0) {
    return (
      <p role="status" className="py-10 text-center text-gray-600">
        {messages.empty.results}
      </p>
    );
  }
  return <BillerList search={search} categorySlug={categorySlug} />;
}

/** The billers, with 'Show more billers' under a long category's list. */
function BillerList({ search, categorySlug }: { search: BillerSearchResult; categorySlug: CategorySlug }) {
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
            ? `Showing ${shown} billers`
            : `Showing ${shown} of ${paging.total} billers`}
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
  return (
    <div className="mt-3 text-center">
      {paging.loadMoreFailed && (
        <p role="alert" className="mb-2 text-sm text-red-700">
          We could not load more billers just now.
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
        Show more billers
      </button>
    </div>
  );
}

function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="mt-3 rounded-md border border-brand-700 px-4 py-2 font-medium text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      Try again
    </button>
  );
}
