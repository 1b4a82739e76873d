import { useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { BILLER_LIST_ID } from './all-billers.tsx';

/** The biller search box with its clear button; `busy` while the list shows an earlier text's answer. */
export function BillerSearchBox({
  value,
  onChange,
  busy = false,
}: {
  value: string;
  onChange: (value: string) => void;
  busy?: boolean;
}) {
  const { formatMessage } = useIntl();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {formatMessage({ id: 'bills.search.label' })}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="search"
        aria-busy={busy}
        aria-controls={BILLER_LIST_ID}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={formatMessage({ id: 'spec.placeholders.billerSearch' })}
        className="w-full rounded-lg border border-gray-300 bg-white py-2.5 pl-4 pr-11 [&::-webkit-search-cancel-button]:appearance-none focus-visible:outline-2 focus-visible:outline-brand-700"
      />
      {value && (
        <button
          type="button"
          aria-label={formatMessage({ id: 'bills.search.clear' })}
          onClick={() => {
            onChange('');
            inputRef.current?.focus();
          }}
          className="absolute right-2 top-1/2 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
