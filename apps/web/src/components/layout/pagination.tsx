import { PAGE_SIZES } from '@erti/contracts/constants';
import { useId } from 'react';
import { useIntl } from 'react-intl';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** A new page size starts again at page 1 (spec section 9): the caller resets the page. */
  onPageSize: (pageSize: number) => void;
}

const pageButton =
  'rounded-md border border-gray-300 px-3 py-1.5 font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50';

/** Rows per page (5, 10, 20, 50) and previous / next, with where the reader is. */
export function Pagination({ page, pageSize, total, onPage, onPageSize }: PaginationProps) {
  const sizeId = useId();
  const { formatMessage } = useIntl();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={formatMessage({ id: 'app.pagination.label' })}
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={sizeId}>{formatMessage({ id: 'app.pagination.rowsPerPage' })}</label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => onPageSize(Number(event.target.value))}
          className="rounded-md border border-gray-300 px-2 py-1"
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      <p aria-live="polite">
        {formatMessage({ id: 'app.pagination.where' }, { first, last, total, page, pages })}
      </p>
      <div className="flex gap-2">
        <button type="button" className={pageButton} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {formatMessage({ id: 'app.pagination.previous' })}
        </button>
        <button
          type="button"
          className={pageButton}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {formatMessage({ id: 'app.pagination.next' })}
        </button>
      </div>
    </nav>
  );
}
