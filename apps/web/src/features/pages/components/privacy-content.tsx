import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { LegalPage, LegalSection } from './legal-page.tsx';

/** The Privacy Policy (spec section 1). */
export function PrivacyContent() {
  return (
    <LegalPage title="Privacy Policy" lastUpdated="5 May 2025">
      <p>
        This policy explains what information Erti Pay collects when you use our web site and app, why we
        collect it, and the choices you have. We follow the Digital Personal Data Protection Act, 2023 and the
        rules of the Reserve Bank of India and NPCI for payment data.
      </p>
      <LegalSection title="1. Personal data">
        <p>
          Your name, e-mail address and mobile number when you sign up; your profile picture if you add one;
          the billers you pay and the customer details you enter for them (consumer number, mobile number);
          and the history of your payments and complaints.
        </p>
      </LegalSection>
      <LegalSection title="2. KYC data">
        <p>
          Where the law requires it, identity details such as your PAN and the officially valid document you
          choose. Aadhaar is voluntary. KYC data is used only to verify you and is shared only with the
          regulated partners and authorities entitled to it.
        </p>
      </LegalSection>
      <LegalSection title="3. Device metadata">
        <p>
          The device model, operating system, browser or app version, IP address and crash reports. Bharat
          Connect requires the initiating channel and device details of every payment; we also use them to
          detect fraud and to fix problems.
        </p>
      </LegalSection>
      <LegalSection title="4. Camera and location permissions">
        <p>
          The app asks for the camera only when you choose to scan a QR code, photograph a document or take a
          profile picture. It asks for your location only to suggest the billers of your state and area and to
          protect your account from unusual sign-ins. Both permissions are optional and can be withdrawn in
          your device settings at any time.
        </p>
      </LegalSection>
      <LegalSection title="5. No advertising ID">
        <p>
          We do not collect or use your device's advertising ID, we do not show third-party advertising, and
          we do not sell your data.
        </p>
      </LegalSection>
      <LegalSection title="6. Who we share data with">
        <p>
          Only those who need it to complete your payment or resolve your complaint: the Bharat Connect
          network and its operating units, the biller you pay, the payment gateway you choose, and authorities
          where the law requires it.
        </p>
      </LegalSection>
      <LegalSection title="7. How long we keep it">
        <p>
          Your profile is kept while your account is open. Transaction, tax and audit records are kept for the
          periods the law sets, even after you delete your account.
        </p>
      </LegalSection>
      <LegalSection title="8. Your rights">
        <p>
          You may see, correct or delete your personal data, and withdraw consent, from your profile or by
          writing to us through the{' '}
          <Link to={paths.contact} className="text-brand-700 underline">
            contact page
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
