import { type Service, serviceCatalogue } from '@erti/contracts/catalogue';

export interface ServiceCopy {
  heading: string;
  text: string;
}

/** The heading and marketing line of each biller-selection page; services not listed get a plain one. */
const copy: Record<string, ServiceCopy> = {
  DTH: {
    heading: 'DTH Recharge',
    text: 'Pick your DTH operator, enter your subscriber ID and choose a pack. Your channels stay on without a break.',
  },
  'Cable TV': {
    heading: 'Pay your Cable TV bill',
    text: 'Find your cable operator and renew your subscription in a few taps.',
  },
  Fastag: {
    heading: 'FASTag Recharge',
    text: 'Top up the FASTag of any issuing bank with your vehicle number and drive through the toll plaza without stopping.',
  },
  Electricity: {
    heading: 'Pay your Electricity Bill',
    text: 'Choose your electricity board, enter your consumer number and see your latest bill before you pay. Fast, safe and secure, with a Bharat Connect receipt.',
  },
  'LPG Gas': {
    heading: 'Book your Gas Cylinder',
    text: 'Book and pay for your LPG cylinder with your registered mobile number.',
  },
  Gas: {
    heading: 'Pay your Piped Gas Bill',
    text: 'Pay for piped gas at home with your customer or BP number.',
  },
  Water: {
    heading: 'Pay your Water Bill',
    text: 'Find your water board or municipal corporation and clear your water bill on time.',
  },
  'Mobile Postpaid': {
    heading: 'Pay your Mobile Postpaid Bill',
    text: 'Pay the postpaid bill of any operator and avoid late fees.',
  },
  'Broadband Postpaid': {
    heading: 'Pay your Broadband Bill',
    text: 'Keep your home internet running: pay your broadband provider in seconds.',
  },
  'Landline Postpaid': {
    heading: 'Pay your Landline Bill',
    text: 'Pay your landline bill with your telephone number and account number.',
  },
  'Credit Card': {
    heading: 'Pay your Credit Card Bill',
    text: 'Pay the card bill of any bank on Bharat Connect, the way the RBI asks card bills to be paid.',
  },
  'Life Insurance': {
    heading: 'Pay your Life Insurance Premium',
    text: 'Keep your policy active: pay your premium with your policy number.',
  },
  'Health Insurance': {
    heading: 'Pay your Health Insurance Premium',
    text: 'Renew your health cover on time with your policy number.',
  },
  Insurance: {
    heading: 'Pay your Insurance Premium',
    text: 'Motor, home and other insurance premiums, paid safely.',
  },
  'Loan Repayment': {
    heading: 'Repay your Loan EMI',
    text: 'Pay the EMI of your bank or finance company with your loan account number.',
  },
  'Municipal Taxes': {
    heading: 'Pay your Municipal Taxes',
    text: 'Pay property tax and other municipal dues to your corporation or council.',
  },
};

export function serviceCopy(service: Service): ServiceCopy {
  return (
    copy[service.title] ?? {
      heading: service.caption,
      text: `Choose your biller, enter your details and pay ${service.caption.toLowerCase()} securely on Bharat Connect.`,
    }
  );
}

/** A category's caption from the service catalogue ('Electricity' → 'Electricity Bill'). */
export function categoryCaption(billerCategoryName: string): string | undefined {
  return serviceCatalogue
    .flatMap((category) => category.services)
    .find((service) => service.title === billerCategoryName)?.caption;
}
