import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';

export type ComplaintTab = 'raise' | 'status' | 'transaction';

const tabs: { id: ComplaintTab; label: string }[] = [
  { id: 'raise', label: 'complaints.tabs.raise' },
  { id: 'status', label: 'complaints.tabs.status' },
  { id: 'transaction', label: 'complaints.tabs.transaction' },
];

const keySteps: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % tabs.length,
  ArrowLeft: (index) => (index - 1 + tabs.length) % tabs.length,
  Home: () => 0,
  End: () => tabs.length - 1,
};

/**
 * The three complaint tabs (the APG tabs pattern: arrow keys, Home and End move between tabs). Every
 * panel stays mounted while hidden, so switching tabs keeps what was typed.
 */
export function ComplaintTabs(props: { initialTab: ComplaintTab; panels: Record<ComplaintTab, ReactNode> }) {
  const { formatMessage } = useIntl();
  const [selected, setSelected] = useState<ComplaintTab>(props.initialTab);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = keySteps[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(index);
    setSelected(tabs[next]!.id);
    buttons.current[next]?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={formatMessage({ id: 'complaints.tabs.label' })}
        className="flex flex-wrap gap-1 border-b border-gray-200"
      >
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-${tab.id}-tab`}
            aria-selected={selected === tab.id}
            aria-controls={`${baseId}-${tab.id}-panel`}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => setSelected(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`-mb-px border-b-2 px-4 py-3 font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
              selected === tab.id
                ? 'border-brand-700 text-brand-700'
                : 'border-transparent text-gray-600 hover:text-brand-700'
            }`}
          >
            {formatMessage({ id: tab.label })}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-${tab.id}-panel`}
          aria-labelledby={`${baseId}-${tab.id}-tab`}
          hidden={selected !== tab.id}
          className="pt-6"
        >
          {props.panels[tab.id]}
        </div>
      ))}
    </div>
  );
}
