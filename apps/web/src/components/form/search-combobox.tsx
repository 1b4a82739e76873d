import { type KeyboardEvent, useId, useState } from 'react';

export interface ComboboxOption {
  id: string;
  label: string;
  /** A second line, e.g. the service a biller belongs to. */
  detail?: string;
}

/**
 * A search box offering choices as the person types: the WAI-ARIA combobox pattern with a list
 * box, shown in the page's flow under the box rather than over what follows (which stays visible
 * and clickable). Arrow keys move through the choices (the focus stays in the box, the choice is
 * `aria-activedescendant`), Enter takes the highlighted one, Escape closes the list and, when it
 * is closed, clears the box. The caller searches (`onChange`) and says what to offer (`options`).
 */
export function SearchCombobox({
  label,
  placeholder,
  value,
  onChange,
  options,
  onChoose,
  busy = false,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  options: ComboboxOption[];
  onChoose: (option: ComboboxOption) => void;
  /** The choices shown are an earlier search's while a newer one is under way. */
  busy?: boolean;
}) {
  const id = useId();
  const listId = `${id}-choices`;
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const open = expanded && value.trim() !== '' && options.length > 0;
  const highlighted = open && active < options.length ? active : -1;
  const optionId = (index: number) => `${id}-choice-${index}`;

  const close = () => {
    setExpanded(false);
    setActive(-1);
  };
  const change = (next: string) => {
    onChange(next);
    setExpanded(true);
    setActive(-1);
  };
  const choose = (option: ComboboxOption) => {
    close();
    onChoose(option);
  };
  const move = (step: 1 | -1) => {
    setExpanded(true);
    if (options.length === 0) return;
    setActive((current) => {
      const from = current < options.length ? current : -1;
      if (from === -1) return step === 1 ? 0 : options.length - 1;
      return (from + step + options.length) % options.length;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
      return;
    }
    if (event.key === 'Enter' && highlighted >= 0) {
      event.preventDefault();
      choose(options[highlighted] as ComboboxOption);
      return;
    }
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (open) close();
    else change('');
  };

  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={highlighted >= 0 ? optionId(highlighted) : undefined}
        aria-busy={busy}
        autoComplete="off"
        value={value}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        // The list stays open (it covers nothing): closing it would move what follows under the pointer.
        onBlur={() => setActive(-1)}
        placeholder={placeholder}
        className="w-full rounded-lg border border-gray-300 bg-white py-2.5 px-4 focus-visible:outline-2 focus-visible:outline-brand-700"
      />
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open}
        className="mt-1 max-h-80 w-full overflow-y-auto rounded-lg border border-gray-200 bg-white py-1"
      >
        {options.map((option, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's, handled in the box (aria-activedescendant)
          <div
            key={option.id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === highlighted}
            // Keeps the focus in the box, where the keys are handled.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(option)}
            className="cursor-pointer px-4 py-2 aria-selected:bg-brand-50 hover:bg-brand-50"
          >
            <span className="block font-medium text-gray-900">{option.label}</span>
            {option.detail && <span className="block text-sm text-gray-600">{option.detail}</span>}
          </div>
        ))}
      </div>
    </div>
  );
}
