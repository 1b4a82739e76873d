import { useIntl } from 'react-intl';
import { LoadFailed } from '../../../components/layout/load-failed.tsx';
import { useSiteConfigForScreenText } from '../../../lib/site-config.ts';

const telephone = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;
const whatsapp = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;

/** How to reach us (all from the site configuration, in the page's first HTML: decision 119). */
export function ContactDetails() {
  const { site, failed, retrying, retry } = useSiteConfigForScreenText();
  const { formatMessage } = useIntl();
  if (failed) {
    return (
      <LoadFailed onRetry={retry} retrying={retrying}>
        {formatMessage({ id: 'contact.details.loadFailed' })}
      </LoadFailed>
    );
  }
  if (!site) return <p aria-busy="true">{formatMessage({ id: 'contact.details.loading' })}</p>;
  const rows = [
    {
      label: formatMessage({ id: 'contact.details.email' }),
      value: (
        <a href={`mailto:${site.supportEmail}`} className="text-brand-700 underline">
          {site.supportEmail}
        </a>
      ),
    },
    {
      label: formatMessage({ id: 'contact.details.whatsapp' }),
      value: (
        <a
          href={whatsapp(site.whatsappNumber)}
          target="_blank"
          rel="noopener noreferrer"
          className="text-brand-700 underline"
        >
          {site.whatsappNumber}
        </a>
      ),
    },
    {
      label: formatMessage({ id: 'contact.details.call' }),
      value: (
        <a href={telephone(site.callNumber)} className="text-brand-700 underline">
          {site.callNumber}
        </a>
      ),
    },
    { label: formatMessage({ id: 'contact.details.hours' }), value: site.supportHours },
    { label: formatMessage({ id: 'contact.details.office' }), value: site.registeredAddress },
    { label: formatMessage({ id: 'contact.details.headquarters' }), value: site.headquartersAddress },
    { label: formatMessage({ id: 'contact.details.registration' }), value: site.companyRegistrationNumber },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-[max-content_1fr] sm:gap-x-6">
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="font-semibold text-gray-900">{row.label}</dt>
          <dd className="text-gray-700">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
