import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { Pagination } from '../../../components/layout/pagination.tsx';
import { Spinner } from '../../../components/layout/spinner.tsx';
import type { RefundFilter } from '../model/filters.ts';

const tableClass =
  'w-full text-left text-sm [&_td]:px-3 [&_td]:py-3 [&_th]:px-3 [&_th]:py-2 [&_th]:font-semibold';

interface PagedTableProps<Filter extends RefundFilter> {
  /** What the rows are, for the loading and failure lines. */
  what: 'refunds' | 'transactions';
  list: UseQueryResult<{ total: number }>;
  /** What to say when the list is empty ('No refunds found'). */
  empty: string;
  caption: string;
  /** The table's `min-w-[…]` class: a narrow screen scrolls the table rather than squeezing it. */
  minWidthClass: string;
  /** The header cells. */
  columns: ReactNode;
  rows: ReactNode;
  filter: Filter;
  onFilter: (filter: Filter) => void;
}

/** One page of a dashboard list: its loading, failure and empty states, else the table and its pages. */
export function PagedTable<Filter extends RefundFilter>(props: PagedTableProps<Filter>) {
  const { formatMessage } = useIntl();
  const { what, list, filter, onFilter } = props;
  if (list.isPending) return <Spinner label={formatMessage({ id: 'merchant.list.loading' }, { what })} />;
  if (list.isError)
    return (
      <LoadFailed onRetry={() => void list.refetch()} retrying={list.isFetching}>
        {formatMessage({ id: 'merchant.list.loadFailed' }, { what })}
      </LoadFailed>
    );
  if (!list.data.total)
    return <p className="rounded-xl bg-white p-6 text-center text-gray-800 shadow-sm">{props.empty}</p>;
  return (
    <>
      {/*
        The table scrolls sideways in its own region, never the page. `relative` makes the region the
        containing block of the screen-reader-only caption and header text (`sr-only` is position:
        absolute), which otherwise escaped its clipping and widened the page to the table's width.
        Focusable and named so keyboard users can scroll it.
      */}
      <section
        aria-label={props.caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus to be scrolled by keyboard
        tabIndex={0}
        className="relative max-w-full overflow-x-auto rounded-xl bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <table className={`${tableClass} ${props.minWidthClass}`}>
          <caption className="sr-only">{props.caption}</caption>
          <thead className="bg-gray-50 text-gray-600">
            <tr>{props.columns}</tr>
          </thead>
          <tbody className="divide-y divide-gray-100">{props.rows}</tbody>
        </table>
      </section>
      <Pagination
        page={filter.page}
        pageSize={filter.pageSize}
        total={list.data.total}
        onPage={(page) => onFilter({ ...filter, page })}
        onPageSize={(pageSize) => onFilter({ ...filter, pageSize, page: 1 })}
      />
    </>
  );
}
