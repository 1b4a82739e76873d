import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A result shown under a form. Focus moves to its heading when it appears, so a screen reader
 * reads it and keyboard users continue from it.
 */
export function ResultPanel(props: { title: string; tone?: 'success' | 'info'; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const tone = props.tone === 'success' ? 'border-green-600 bg-green-50' : 'border-brand-500 bg-brand-50';
  return (
    <section aria-live="polite" className={`mt-6 rounded-xl border-l-4 p-5 ${tone}`}>
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
        {props.title}
      </h3>
      <div className="mt-3">{props.children}</div>
    </section>
  );
}

/** The facts of a complaint: id, status, expected resolution date and anything else given. */
export function ComplaintFacts({ facts }: { facts: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="font-medium text-gray-600">{fact.label}</dt>
          <dd className="font-semibold text-gray-900">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
