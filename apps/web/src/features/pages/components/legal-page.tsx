import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';

/** A link inside a legal text's message: `<link>contact page</link>` (ICU rich text). */
export const legalLink = (to: string) => (chunks: ReactNode[]) => (
  <Link to={to} className="text-brand-700 underline">
    {chunks}
  </Link>
);

/**
 * A legal document (the header is hidden on these pages, so it carries its own way home).
 * `lastUpdated` is the calendar date 'YYYY-MM-DD', written out in the site's language.
 */
export function LegalPage(props: { title: string; lastUpdated: string; children: ReactNode }) {
  const { formatMessage } = useIntl();
  const format = useFormat();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-gray-800">
      <Link
        to={paths.home}
        className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {formatMessage({ id: 'legal.page.home' })}
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-brand-900">{props.title}</h1>
      <p className="mt-1 text-sm text-gray-500">
        {formatMessage({ id: 'legal.page.lastUpdated' }, { date: format.longDate(props.lastUpdated) })}
      </p>
      <div className="mt-8 flex flex-col gap-6 leading-relaxed">{props.children}</div>
    </article>
  );
}

/** One numbered section of a legal document. */
export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold text-brand-900">{title}</h2>
      {children}
    </section>
  );
}
