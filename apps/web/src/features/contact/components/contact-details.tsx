import { useSiteConfig } from '../../../lib/site-config.ts';

const telephone = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`;
const whatsapp = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;

/** How to reach us (all from the site configuration). */
export function ContactDetails() {
  const { data: site, isError } = useSiteConfig();
  if (isError) return <p role="alert">Our contact details could not be loaded. Please refresh the page.</p>;
  if (!site) return <p aria-busy="true">Loading contact details…</p>;
  const rows = [
    {
      label: 'E-mail',
      value: (
        <a href={`mailto:${site.supportEmail}`} className="text-brand-700 underline">
          {site.supportEmail}
        </a>
      ),
    },
    {
      label: 'WhatsApp',
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
      label: 'Call us',
      value: (
        <a href={telephone(site.callNumber)} className="text-brand-700 underline">
          {site.callNumber}
        </a>
      ),
    },
    { label: 'Working hours', value: site.supportHours },
    { label: 'Registered office', value: site.registeredAddress },
    { label: 'Headquarters', value: site.headquartersAddress },
    { label: 'Company registration', value: site.companyRegistrationNumber },
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
