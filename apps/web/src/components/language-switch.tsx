import { isLanguage, LANGUAGES, languageNames } from '@erti/contracts/languages';
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../lib/i18n/language-provider.tsx';

/**
 * The language switch: a labelled native `<select>` (keyboard and screen readers know it), each
 * language written in its own script. Switching redraws the page in place.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { language, choose } = useLanguage();
  const intl = useIntl();
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  // A prerendered page shows the switch before React takes it over: a language picked in that moment
  // is in the element but reached no handler, so it is applied once the switch is live.
  useEffect(() => {
    const picked = select.current?.value;
    if (picked !== language && isLanguage(picked)) void choose(picked);
  }, [language, choose]);
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {intl.formatMessage({ id: 'app.language.label' })}
      </label>
      <select
        ref={select}
        id={id}
        data-works-early
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void choose(event.target.value);
        }}
        className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {LANGUAGES.map((option) => (
          <option key={option} value={option} lang={option}>
            {languageNames[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
