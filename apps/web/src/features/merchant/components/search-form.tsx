import { type FormEvent, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { inputClass } from '../../../components/form/form-field.tsx';

export const buttonClass =
  'rounded-md border border-gray-300 bg-white px-3 py-2 font-medium text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * Search by order id: applied on Enter or Search (each keystroke would be a server query), cleared
 * with Clear. The caller starts again at page 1.
 */
export function SearchForm({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { formatMessage } = useIntl();
  const id = useId();
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium text-gray-800">
            {formatMessage({ id: 'merchant.search.label' })}
          </label>
          <input
            id={id}
            type="search"
            value={text}
            maxLength={80}
            autoComplete="off"
            spellCheck={false}
            placeholder="EP… or ord_…"
            onChange={(event) => setText(event.target.value)}
            className={`${inputClass} w-72 max-w-full font-mono`}
          />
        </div>
        <button type="submit" className={buttonClass}>
          {formatMessage({ id: 'complaints.query.submit' })}
        </button>
        {search && (
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              setText('');
              onSearch('');
            }}
          >
            {formatMessage({ id: 'merchant.search.clear' })}
          </button>
        )}
      </form>
    </search>
  );
}
