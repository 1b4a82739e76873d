import { type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { inputClass, labelClass } from '../../../components/form/form-field.tsx';
import { Spinner } from '../../../components/layout/spinner.tsx';

/** Where the arrow, Home and End keys move the highlighted option; null for any other key. */
function nextActive(key: string, active: number, count: number): number | null {
  const last = Math.max(count - 1, 0);
  if (key === 'ArrowDown') return Math.min(active + 1, last);
  if (key === 'ArrowUp') return Math.max(active - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

/** The operator and biller searches: a case-insensitive substring of the name. */
export const matchesSearch = (name: string, search: string) =>
  name.toLowerCase().includes(search.trim().toLowerCase());

export interface SearchableSelectProps<T> {
  label: string;
  options: readonly T[];
  value: T | null;
  optionKey(option: T): string;
  optionLabel(option: T): string;
  onChange(option: T): void;
  placeholder: string;
  /** The list's maximum height in pixels; it scrolls beyond that. */
  maxHeight: number;
  emptyText: string;
  disabled?: boolean;
  loading?: boolean;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A searchable dropdown (ARIA combobox with a listbox): opens on click or arrow keys, filters as the
 * person types, Enter chooses, Escape and a click outside close it, and the text returns to the choice.
 */
export function SearchableSelect<T>(props: SearchableSelectProps<T>) {
  const { label, options, value, optionKey, optionLabel, onChange, placeholder, maxHeight, emptyText } =
    props;
  const { formatMessage } = useIntl();
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const rootRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const shown = query ? options.filter((option) => matchesSearch(optionLabel(option), query)) : options;
  const activeOption = open ? shown[active] : undefined;
  const optionId = (option: T) => `${id}-option-${optionKey(option)}`;

  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const openList = () => {
    if (props.disabled) return;
    const chosen = value ? options.indexOf(value) : -1;
    setActive(Math.max(chosen, 0));
    setOpen(true);
  };
  const choose = (option: T) => {
    onChange(option);
    close();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
        setQuery(null);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (open) listRef.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const next = nextActive(event.key, active, shown.length);
    if (next !== null && (open || event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      if (open) setActive(next);
      else openList();
      return;
    }
    if (event.key === 'Enter' && open) {
      event.preventDefault();
      if (activeOption) choose(activeOption);
      return;
    }
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
      return;
    }
    if (event.key === 'Tab') close();
  };

  const text = query ?? (value ? optionLabel(value) : '');
  return (
    <div ref={rootRef} className="relative flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {/*
        The list hangs from the input's box (top-full). Placed straight in the flex column with no
        offset, its static position was the column's top, so it opened over the label and the input.
      */}
      <div className="relative">
        <input
          id={id}
          ref={props.inputRef}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          disabled={props.disabled}
          placeholder={placeholder}
          value={text}
          onClick={() => (open ? undefined : openList())}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          className={`${inputClass} pr-9`}
        />
        <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-gray-500">
          {props.loading ? (
            <Spinner
              label={formatMessage({ id: 'recharge.select.loading' }, { label: label.toLowerCase() })}
            />
          ) : (
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
              <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.8" fill="none" />
            </svg>
          )}
        </span>
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={!open || shown.length === 0}
          style={{ maxHeight }}
          className="absolute top-full left-0 z-20 mt-1 w-full overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          {shown.map((option, index) => (
            // Keys are handled by the combobox input (aria-activedescendant), as the ARIA pattern says.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input owns the keyboard
            <div
              key={optionKey(option)}
              id={optionId(option)}
              role="option"
              tabIndex={-1}
              aria-selected={value !== null && optionKey(value) === optionKey(option)}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => setActive(index)}
              className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-brand-100 text-brand-900' : 'text-gray-800'} aria-selected:font-semibold`}
            >
              {optionLabel(option)}
            </div>
          ))}
        </div>
        {open && shown.length === 0 && (
          <p
            role="status"
            className="absolute top-full left-0 z-20 mt-1 w-full rounded-md border border-gray-200 bg-white px-3 py-2 text-sm text-gray-500 shadow-lg"
          >
            {emptyText}
          </p>
        )}
      </div>
      {props.error && (
        <p id={errorId} className="text-sm text-red-700">
          {props.error}
        </p>
      )}
    </div>
  );
}
