import { useIntl } from 'react-intl';
import { ContactDetails, ContactForm } from '../../features/contact/index.ts';
import { PageBanner } from '../../features/pages/index.ts';

export function Component() {
  const { formatMessage } = useIntl();
  return (
    <>
      <PageBanner
        title={formatMessage({ id: 'pages.contact.title' })}
        trail={formatMessage({ id: 'pages.contact.trail' })}
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 md:grid-cols-2">
        <section aria-labelledby="contact-details-title" className="flex flex-col gap-4">
          <h2 id="contact-details-title" className="text-xl font-semibold text-brand-900">
            {formatMessage({ id: 'pages.contact.heading' })}
          </h2>
          <p className="text-gray-700">{formatMessage({ id: 'pages.contact.intro' })}</p>
          <ContactDetails />
        </section>
        <ContactForm />
      </div>
    </>
  );
}
