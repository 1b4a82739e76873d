import {
  MERCHANT_REFUND_WINDOW_DAYS,
  MINIMUM_AGE,
  REFUND_TURNAROUND_WORKING_DAYS,
} from '@erti/contracts/constants';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { LegalPage, LegalSection } from './legal-page.tsx';

/** Merchant categories we do not serve (spec section 1: a list of banned merchant categories). */
const bannedCategories = [
  'Adult goods and services, including pornography and escort services',
  'Gambling, betting, lotteries and games of chance played for money',
  'Alcohol, tobacco, e-cigarettes and other intoxicants',
  'Narcotics, controlled substances and drug paraphernalia',
  'Prescription medicines sold without a valid licence or prescription',
  'Weapons, ammunition, explosives and fireworks',
  'Counterfeit, replica or pirated goods and stolen property',
  'Cryptocurrencies, unregulated deposit schemes, chit funds and Ponzi or pyramid schemes',
  'Multi-level marketing and get-rich-quick offers',
  'Wildlife, animal parts and products of endangered species',
  'Hazardous, toxic or radioactive materials',
  'Government identity documents, licences and certificates',
  'Hacking, malware, spyware and services that break the law',
];

/** The Terms and Conditions (spec section 1). */
export function TermsContent() {
  return (
    <LegalPage title="Terms & Conditions" lastUpdated="1 April 2024">
      <p>
        These terms govern your use of the Erti Pay web site and app, through which you recharge mobiles, DTH
        and FASTag accounts and pay bills to billers on Bharat Connect. Erti Pay is a payment-technology
        provider: we pass your payment to the biller through our banking and network partners. By using Erti
        Pay you accept these terms.
      </p>
      <LegalSection title="1. Who may use Erti Pay">
        <p>
          You must be {MINIMUM_AGE} years of age or older and able to enter into a binding contract under
          Indian law. You are responsible for the accuracy of the details you enter, such as the mobile
          number, consumer number or bill amount, and for keeping your login credentials secret.
        </p>
      </LegalSection>
      <LegalSection title="2. Fees">
        <p>
          Any platform maintenance fee, convenience fee or set-up fee that applies to a payment is shown to
          you upfront, before you pay. You are never charged a fee that was not shown on the payment screen.
        </p>
      </LegalSection>
      <LegalSection title="3. Refunds and cancellations">
        <p>
          Erti Pay does not have a refund policy of its own. Refund and cancellation requests are passed on to
          the business partner concerned (the biller, operator or merchant), whose own policy applies. Refunds
          are processed within {REFUND_TURNAROUND_WORKING_DAYS} working days of the request reaching the
          business partner.
        </p>
        <p>
          Merchants must refund an accepted refund request within {MERCHANT_REFUND_WINDOW_DAYS} days. If a
          merchant does not, we refund the amount to your original payment instrument and recover it from the
          merchant's next settlement.
        </p>
        <p>
          A payment that is debited but fails is reversed automatically; you can also raise a complaint from
          the{' '}
          <Link to={paths.complaint} className="text-brand-700 underline">
            complaint page
          </Link>
          .
        </p>
      </LegalSection>
      <LegalSection title="4. Banned merchant categories">
        <p>Erti Pay may not be used to pay for, or by merchants dealing in:</p>
        <ul className="list-disc pl-6">
          {bannedCategories.map((category) => (
            <li key={category}>{category}</li>
          ))}
        </ul>
      </LegalSection>
      <LegalSection title="5. Know your customer (KYC)">
        <p>
          Where the law or our partners require KYC, we ask for identity documents. Submitting your Aadhaar
          number is voluntary: you may use another officially valid document instead, and we never refuse
          service because you chose not to share your Aadhaar.
        </p>
      </LegalSection>
      <LegalSection title="6. Our responsibility">
        <p>
          We take care that your payment reaches the biller, and every payment carries a Bharat Connect
          transaction reference you can quote. We are not responsible for the biller's own services or for
          delays caused by banks or billers outside our control.
        </p>
      </LegalSection>
      <LegalSection title="7. Contact">
        <p>
          Questions about these terms are welcome through our{' '}
          <Link to={paths.contact} className="text-brand-700 underline">
            contact page
          </Link>
          . These terms are governed by the laws of India; the courts of Chennai have jurisdiction.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
