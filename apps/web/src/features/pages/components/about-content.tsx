import { useIntl } from 'react-intl';
/** The About page's text (spec section 1: a vision and a founder blurb). */
export function AboutContent() {
  const { formatMessage } = useIntl();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-10 text-gray-800">
      <section aria-labelledby="about-who" className="flex flex-col gap-3">
        <h2 id="about-who" className="text-2xl font-semibold text-brand-900">
          {formatMessage({ id: 'pages.about.whoTitle' })}
        </h2>
        <p>{formatMessage({ id: 'pages.about.who' })}</p>
      </section>
      <section aria-labelledby="about-vision" className="flex flex-col gap-3 rounded-2xl bg-brand-50 p-6">
        <h2 id="about-vision" className="text-2xl font-semibold text-brand-900">
          {formatMessage({ id: 'pages.about.visionTitle' })}
        </h2>
        <p>{formatMessage({ id: 'pages.about.vision' })}</p>
      </section>
      <section aria-labelledby="about-founder" className="flex flex-col gap-3">
        <h2 id="about-founder" className="text-2xl font-semibold text-brand-900">
          {formatMessage({ id: 'pages.about.founderTitle' })}
        </h2>
        <blockquote className="border-l-4 border-brand-500 pl-4 italic">
          {formatMessage({ id: 'pages.about.founderQuote' })}
        </blockquote>
        <p>{formatMessage({ id: 'pages.about.founder' })}</p>
      </section>
      <section aria-labelledby="about-promise" className="flex flex-col gap-3">
        <h2 id="about-promise" className="text-2xl font-semibold text-brand-900">
          {formatMessage({ id: 'pages.about.promiseTitle' })}
        </h2>
        <ul className="list-disc pl-6">
          <li>{formatMessage({ id: 'pages.about.promiseFees' })}</li>
          <li>{formatMessage({ id: 'pages.about.promiseRefund' })}</li>
          <li>{formatMessage({ id: 'pages.about.promiseComplaint' })}</li>
        </ul>
      </section>
    </div>
  );
}
