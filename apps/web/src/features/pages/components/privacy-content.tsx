import { useIntl } from 'react-intl';
import { paths } from '../../../lib/paths.ts';
import { LegalPage, LegalSection, legalLink } from './legal-page.tsx';

/** The Privacy Policy (spec section 1). */
export function PrivacyContent() {
  const { formatMessage } = useIntl();
  return (
    <LegalPage title={formatMessage({ id: 'legal.privacy.title' })} lastUpdated="2025-05-05">
      <p>{formatMessage({ id: 'legal.privacy.intro' })}</p>
      <LegalSection title={formatMessage({ id: 'legal.privacy.personalTitle' })}>
        <p>{formatMessage({ id: 'legal.privacy.personal' })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.privacy.kycTitle' })}>
        <p>{formatMessage({ id: 'legal.privacy.kyc' })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.privacy.deviceTitle' })}>
        <p>{formatMessage({ id: 'legal.privacy.device' })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.privacy.permissionsTitle' })}>
        <p>{formatMessage({ id: 'legal.privacy.permissions' })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.privacy.advertisingTitle' })}>
        <p>{formatMessage({ id: 'legal.privacy.advertising' })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.privacy.sharingTitle' })}>
        <p>{formatMessage({ id: 'legal.privacy.sharing' })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.privacy.keepingTitle' })}>
        <p>{formatMessage({ id: 'legal.privacy.keeping' })}</p>
      </LegalSection>
      <LegalSection title={formatMessage({ id: 'legal.privacy.rightsTitle' })}>
        <p>{formatMessage({ id: 'legal.privacy.rights' }, { link: legalLink(paths.contact) })}</p>
      </LegalSection>
    </LegalPage>
  );
}
