import { serviceCatalogue } from '@erti/contracts/catalogue';
import { useIntl } from 'react-intl';
import { SearchCombobox } from '../../../components/form/search-combobox.tsx';
import { useCatalogueText } from '../../../lib/i18n/catalogue-text.ts';
import type { BillersEverywhere } from '../hooks/use-billers-everywhere.ts';
import { billerChoice, useOpenBillEntry } from './biller-selection.tsx';

/** Every service with the slug of its group, by title: where a biller of it is paid. */
const serviceByTitle = new Map(
  serviceCatalogue.flatMap((group) =>
    group.services.map((service) => [service.title, { slug: group.slug, caption: service.caption }] as const),
  ),
);

/**
 * The services page's search box: it filters the service tiles (the caller does) and offers the
 * billers of every service that match, each under its service, opening its bill-entry page.
 */
export function EverywhereSearchBox({
  query,
  onChange,
  found,
}: {
  query: string;
  onChange: (query: string) => void;
  found: BillersEverywhere;
}) {
  const { formatMessage } = useIntl();
  const catalogueText = useCatalogueText();
  const openBillEntry = useOpenBillEntry();
  const offered = found.billers.filter((biller) => serviceByTitle.has(biller.billerCategoryName));
  return (
    <SearchCombobox
      label={formatMessage({ id: 'bills.search.everywhereLabel' })}
      placeholder={formatMessage({ id: 'spec.placeholders.serviceSearch' })}
      value={query}
      onChange={onChange}
      options={offered.map((biller) => {
        const caption = serviceByTitle.get(biller.billerCategoryName)?.caption;
        return billerChoice(biller, caption && catalogueText(caption));
      })}
      onChoose={(choice) => {
        const biller = offered.find((each) => each.billerId === choice.id);
        const service = biller && serviceByTitle.get(biller.billerCategoryName);
        if (biller && service) void openBillEntry(service.slug, biller);
      }}
      busy={found.isSettling}
    />
  );
}
