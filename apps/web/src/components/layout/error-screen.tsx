import { useIntl } from 'react-intl';
import { Link } from 'react-router';

/** The error screen, for unknown routes and for screens that failed to render or to load. */
export function ErrorScreen({ detail }: { detail?: string }) {
  const { formatMessage } = useIntl();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-brand-50 px-4 text-center">
      <h1 className="text-3xl font-bold text-brand-700">{formatMessage({ id: 'spec.errors.unexpected' })}</h1>
      {detail && <p className="text-gray-700">{detail}</p>}
      <Link
        to="/"
        className="rounded-md bg-brand-700 px-5 py-2 font-medium text-white hover:bg-brand-900 focus-visible:outline"
      >
        {formatMessage({ id: 'app.error.goHome' })}
      </Link>
    </main>
  );
}
