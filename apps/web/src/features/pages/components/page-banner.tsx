import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** The banner of the About, Contact and Complaint pages: a title and the trail 'Home | {trail}'. */
export function PageBanner({ title, trail }: { title: string; trail: string }) {
  const { formatMessage } = useIntl();
  return (
    <div className="bg-gradient-to-r from-brand-900 to-brand-600 text-white">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        <nav aria-label={formatMessage({ id: 'pages.banner.breadcrumb' })} className="mt-2 text-brand-100">
          <p>
            <Link
              to={paths.home}
              className="hover:underline focus-visible:outline-2 focus-visible:outline-white"
            >
              {formatMessage({ id: 'app.nav.home' })}
            </Link>{' '}
            | <span aria-current="page">{trail}</span>
          </p>
        </nav>
      </div>
    </div>
  );
}
