import { COPYRIGHT_YEAR } from '@erti/contracts/constants';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useSiteConfigForText } from '../../lib/site-config-query.ts';

const footerLinkClass = 'rounded hover:underline focus-visible:outline-2 focus-visible:outline-white';

/** The footer: legal and contact links, social links, the tax registration number and the copyright line. */
export function Footer() {
  const site = useSiteConfigForText();
  const { formatMessage } = useIntl();
  return (
    <footer className="mt-auto bg-brand-900 text-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 text-sm md:flex-row md:items-start md:justify-between">
        <div className="flex flex-col gap-2">
          <p className="text-lg font-semibold">Erti Pay</p>
          <p className="max-w-xs text-brand-100">{formatMessage({ id: 'app.footer.tagline' })}</p>
          {site && <p className="text-brand-100">{site.taxRegistrationNumber}</p>}
        </div>
        <nav aria-label={formatMessage({ id: 'app.footer.label' })}>
          <ul className="flex flex-col gap-2">
            <li>
              <Link to={paths.terms} className={footerLinkClass}>
                {formatMessage({ id: 'app.footer.terms' })}
              </Link>
            </li>
            <li>
              <Link to={paths.privacy} className={footerLinkClass}>
                {formatMessage({ id: 'app.footer.privacy' })}
              </Link>
            </li>
            <li>
              <Link to={paths.contact} className={footerLinkClass}>
                {formatMessage({ id: 'app.footer.contact' })}
              </Link>
            </li>
          </ul>
        </nav>
        {site && (
          <ul aria-label={formatMessage({ id: 'app.footer.followUs' })} className="flex gap-3">
            {site.socialLinks.map((social) => (
              <li key={social.name}>
                <a
                  href={social.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={formatMessage({ id: 'app.footer.social' }, { network: social.name })}
                  className="block rounded-full bg-white/10 p-2 hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
                >
                  <img src={`/icons/social/${social.name.toLowerCase()}.svg`} alt="" width="20" height="20" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-brand-100">
        {formatMessage({ id: 'app.footer.copyright' }, { year: COPYRIGHT_YEAR })}
      </p>
    </footer>
  );
}
