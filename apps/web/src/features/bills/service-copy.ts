import { type Service, serviceCatalogue } from '@erti/contracts/catalogue';
import { useIntl } from 'react-intl';
import { useCatalogueText } from '../../lib/i18n/catalogue-text.ts';

/** Message ids of a biller-selection page's heading and line. */
interface ServiceCopy {
  heading: string;
  text: string;
}

/** The heading and marketing line of each biller-selection page; services not listed get a plain one. */
const copy: Record<string, ServiceCopy> = {
  DTH: { heading: 'bills.service.dth.heading', text: 'bills.service.dth.text' },
  'Cable TV': { heading: 'bills.service.cableTv.heading', text: 'bills.service.cableTv.text' },
  Fastag: { heading: 'bills.service.fastag.heading', text: 'bills.service.fastag.text' },
  Electricity: { heading: 'bills.service.electricity.heading', text: 'bills.service.electricity.text' },
  'LPG Gas': { heading: 'bills.service.lpgGas.heading', text: 'bills.service.lpgGas.text' },
  Gas: { heading: 'bills.service.gas.heading', text: 'bills.service.gas.text' },
  Water: { heading: 'bills.service.water.heading', text: 'bills.service.water.text' },
  'Mobile Postpaid': {
    heading: 'bills.service.mobilePostpaid.heading',
    text: 'bills.service.mobilePostpaid.text',
  },
  'Broadband Postpaid': {
    heading: 'bills.service.broadbandPostpaid.heading',
    text: 'bills.service.broadbandPostpaid.text',
  },
  'Landline Postpaid': {
    heading: 'bills.service.landlinePostpaid.heading',
    text: 'bills.service.landlinePostpaid.text',
  },
  'Credit Card': { heading: 'bills.service.creditCard.heading', text: 'bills.service.creditCard.text' },
  'Life Insurance': {
    heading: 'bills.service.lifeInsurance.heading',
    text: 'bills.service.lifeInsurance.text',
  },
  'Health Insurance': {
    heading: 'bills.service.healthInsurance.heading',
    text: 'bills.service.healthInsurance.text',
  },
  Insurance: { heading: 'bills.service.insurance.heading', text: 'bills.service.insurance.text' },
  'Loan Repayment': {
    heading: 'bills.service.loanRepayment.heading',
    text: 'bills.service.loanRepayment.text',
  },
  'Municipal Taxes': {
    heading: 'bills.service.municipalTaxes.heading',
    text: 'bills.service.municipalTaxes.text',
  },
};

/** The page's heading and line in the site's language; a service without its own copy gets a plain one. */
export function useServiceCopy(service: Service): { heading: string; text: string } {
  const { formatMessage } = useIntl();
  const catalogueText = useCatalogueText();
  const own = copy[service.title];
  if (own) return { heading: formatMessage({ id: own.heading }), text: formatMessage({ id: own.text }) };
  return {
    heading: catalogueText(service.caption),
    text: formatMessage(
      { id: 'bills.service.other.text' },
      { service: catalogueText(service.caption).toLowerCase() },
    ),
  };
}

/** A category's caption from the service catalogue ('Electricity' → 'Electricity Bill'), in English. */
function categoryCaption(billerCategoryName: string): string | undefined {
  return serviceCatalogue
    .flatMap((category) => category.services)
    .find((service) => service.title === billerCategoryName)?.caption;
}

/**
 * A bill page's category heading and caption in the site's language: the service catalogue's words
 * for a category it lists, else the category as the network sends it.
 */
export function useCategoryWords(billerCategoryName: string): { category: string; caption?: string } {
  const catalogueText = useCatalogueText();
  const caption = categoryCaption(billerCategoryName);
  return { category: catalogueText(billerCategoryName), caption: caption && catalogueText(caption) };
}
