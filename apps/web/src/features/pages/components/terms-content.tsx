import {
  MERCHANT_REFUND_WINDOW_DAYS,
  MINIMUM_AGE,
  REFUND_TURNAROUND_WORKING_DAYS,
} from '@erti/contracts/constants';
import { useIntl } from 'react-intl';
import { paths } from '../../../lib/paths.ts';
import { LegalPage, LegalSection, legalLink } from './legal-page.tsx';

/** Merchant categories we do not serve (spec section 1: a list of banned merchant categories). */
const bannedCategoryIds = [
  'legal.terms.bannedAdult',
  'legal.terms.bannedGambling',
  'legal.terms.bannedIntoxicants',
  'legal.terms.bannedNarcotics',
  'legal.terms.bannedMedicines',
  'legal.terms.bannedWeapons',
  'legal.terms.bannedCounterfeit',
  'legal.terms.bannedSchemes',
  'legal.terms.bannedMlm',
  'legal.terms.bannedWildlife',
  'legal.terms.bannedHazardous',
  'legal.terms.bannedDocuments',
  'legal.terms.bannedHacking',
] as const;

/** The Terms and Conditions (spec section 1). */
export function TermsContent() {
  const { formatMessage } = useIntl();
  return (
    <LegalPage title={formatMessage({ id: 'legal.terms.title' })} lastUpdated="2024-04-01">
      <p>{formatMessage({ id: 'legal.terms.intro' })}</p>
      <LegalSection title={formatMessage({ id: 'legal.terms.whoTitle' })}>
        <p>{formatMessage({ id: 'legal.terms.who' }, { age: MINIMUM_AGE })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.terms.feesTitle' })}>
        <p>{formatMessage({ id: 'legal.terms.fees' })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.terms.refundsTitle' })}>
        <p>{formatMessage({ id: 'legal.terms.refundsPartner' }, { days: REFUND_TURNAROUND_WORKING_DAYS })}</p>
        <p>{formatMessage({ id: 'legal.terms.refundsMerchant' }, { days: MERCHANT_REFUND_WINDOW_DAYS })}</p>
        <p>{formatMessage({ id: 'legal.terms.refundsFailed' }, { link: legalLink(paths.complaint) })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.terms.bannedTitle' })}>
        <p>{formatMessage({ id: 'legal.terms.bannedIntro' })}</p>
        <ul className="list-disc pl-6">
          {bannedCategoryIds.map((id) => (
            <li key={id}>{formatMessage({ id })}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.terms.kycTitle' })}>
        <p>{formatMessage({ id: 'legal.terms.kyc' })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.terms.responsibilityTitle' })}>
        <p>{formatMessage({ id: 'legal.terms.responsibility' })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.terms.contactTitle' })}>
        <p>{formatMessage({ id: 'legal.terms.contact' }, { link: legalLink(paths.contact) })}</p>
      </LegalSection>
    </LegalPage>
  );
}
