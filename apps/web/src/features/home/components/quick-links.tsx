import { categoryOfService, serviceCatalogue } from '@erti/contracts/catalogue';
import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { NetworkMark } from '../../../components/network-mark.tsx';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';
import { paths } from '../../../lib/paths.ts';

/** The home page's two grids of six (spec section 2, Home), by service title. */
const grids = [
  {
    heading: 'home.quickLinks.recharge',
    /** The "Pay bills" entry point: the network's logo at its top right (decision 132). */
    paysBills: true,
    titles: ['Mobile Prepaid', 'Fastag', 'DTH', 'Electricity', 'LPG Gas', 'Broadband Postpaid'],
  },
  {
    heading: 'home.quickLinks.more',
    paysBills: false,
    titles: ['Water', 'Rental', 'Loan Repayment', 'Insurance', 'Recurring Deposit', 'Education Fees'],
  },
];

const services = new Map(serviceCatalogue.flatMap((category) => category.services.map((s) => [s.title, s])));

/** The two grids of quick links; each opens its service page. `renderIcon` draws a catalogue icon. */
export function QuickLinks({ renderIcon }: { renderIcon: (icon: string) => ReactNode }) {
  // An id without spaces: aria-labelledby reads a space as a list of ids.
  const ids = useId();
  const { formatMessage } = useIntl();
  const catalogueText = useCatalogueText();
  return (
    <div className="grid gap-8 md:grid-cols-2">
      {grids.map((grid, index) => (
        <section key={grid.heading} aria-labelledby={`${ids}-grid-${index}`}>
          {/* As tall as the logo in every grid, so the grids beside each other start on one line. */}
          <div className="mb-3 flex min-h-8 items-center justify-between gap-4">
            <h2 id={`${ids}-grid-${index}`} className="text-lg font-semibold text-gray-900">
              {formatMessage({ id: grid.heading })}
            </h2>
            {grid.paysBills && <NetworkMark mark="bharat-connect" />}
          </div>
          <ul className="grid grid-cols-3 gap-3">
            {grid.titles.map((title) => {
              const service = services.get(title);
              const category = categoryOfService(title);
              if (!service || !category) return null;
              return (
                <li key={title}>
                  <Link
                    to={paths.service(category.slug, title)}
                    className="flex h-full flex-col items-center gap-2 rounded-xl border border-gray-200 bg-white p-3 text-center text-sm font-medium text-gray-800 shadow-sm hover:border-brand-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    <span className="rounded-full bg-brand-50 p-2 text-brand-700">
                      {renderIcon(service.icon)}
                    </span>
                    {catalogueText(service.caption)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
