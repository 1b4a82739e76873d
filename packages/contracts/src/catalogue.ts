/**
 * The service catalogue of spec section 2: four categories, each with a URL slug and a caption,
 * and every service with its title (the BBPS category name), a caption and an icon name.
 */
export type CategorySlug = 'recharge' | 'utilities' | 'finance-&-tax' | 'more-service';

export interface Service {
  title: string;
  caption: string;
  icon: string;
}

export interface ServiceCategory {
  slug: CategorySlug;
  title: string;
  caption: string;
  services: Service[];
}

export const serviceCatalogue: ServiceCategory[] = [
  {
    slug: 'recharge',
    title: 'Recharge',
    caption: 'Recharge your mobile, DTH, cable TV and FASTag in seconds',
    services: [
      { title: 'Mobile Prepaid', caption: 'Mobile Recharge', icon: 'smartphone' },
      { title: 'DTH', caption: 'DTH Recharge', icon: 'satellite-dish' },
      { title: 'Cable TV', caption: 'Cable TV', icon: 'tv' },
      { title: 'Fastag', caption: 'FASTag Recharge', icon: 'car' },
    ],
  },
  {
    slug: 'utilities',
    title: 'Utilities',
    caption: 'Pay electricity, gas, water and telecom bills',
    services: [
      { title: 'Electricity', caption: 'Electricity Bill', icon: 'zap' },
      { title: 'LPG Gas', caption: 'Book Gas Cylinder', icon: 'flame' },
      { title: 'Gas', caption: 'Piped Gas', icon: 'fuel' },
      { title: 'Water', caption: 'Water Bill', icon: 'droplet' },
      { title: 'Mobile Postpaid', caption: 'Mobile Postpaid', icon: 'phone' },
      { title: 'Broadband Postpaid', caption: 'Broadband Recharge', icon: 'wifi' },
      { title: 'Landline Postpaid', caption: 'Landline Bill', icon: 'phone-call' },
    ],
  },
  {
    slug: 'finance-&-tax',
    title: 'Finance & Tax',
    caption: 'Card bills, insurance premiums, loans and municipal taxes',
    services: [
      { title: 'Credit Card', caption: 'Credit Card Bill', icon: 'credit-card' },
      { title: 'Life Insurance', caption: 'Life Insurance', icon: 'heart-pulse' },
      { title: 'Health Insurance', caption: 'Health Insurance', icon: 'stethoscope' },
      { title: 'Insurance', caption: 'Insurance', icon: 'shield' },
      { title: 'Loan Repayment', caption: 'Loan Repayment', icon: 'landmark' },
      { title: 'Municipal Taxes', caption: 'Municipal Taxes', icon: 'building' },
      { title: 'Municipal Services', caption: 'Municipal Services', icon: 'building-2' },
    ],
  },
  {
    slug: 'more-service',
    title: 'More Services',
    caption: 'Subscriptions, education fees, donations, rent and more',
    services: [
      { title: 'Subscription', caption: 'Subscription', icon: 'repeat' },
      { title: 'Education Fees', caption: 'Education Fees', icon: 'graduation-cap' },
      { title: 'Hospital', caption: 'Hospital', icon: 'hospital' },
      { title: 'Housing Society', caption: 'Housing Society', icon: 'home' },
      { title: 'Recurring Deposit', caption: 'Recurring Deposit', icon: 'piggy-bank' },
      { title: 'Donation', caption: 'Donation', icon: 'hand-heart' },
      { title: 'Clubs and Associations', caption: 'Clubs and Associations', icon: 'users' },
      { title: 'Rental', caption: 'Rental', icon: 'key' },
      { title: 'NCMC', caption: 'NCMC Recharge', icon: 'credit-card' },
      { title: 'NPS', caption: 'National Pension System', icon: 'wallet' },
      { title: 'Prepaid Meter', caption: 'Prepaid Meter', icon: 'gauge' },
      { title: 'Hospital & Pathology', caption: 'Hospital & Pathology', icon: 'microscope' },
    ],
  },
];

/** Every service title (a BBPS category name) in catalogue order. */
export const serviceTitles: string[] = serviceCatalogue.flatMap((category) =>
  category.services.map((service) => service.title),
);

/** The category a service title belongs to, or undefined for an unknown title. */
export function categoryOfService(title: string): ServiceCategory | undefined {
  return serviceCatalogue.find((category) => category.services.some((service) => service.title === title));
}

/** `more-services` (the home page's spelling) is read as `more-service`. */
export function normaliseCategorySlug(slug: string): string {
  return slug === 'more-services' ? 'more-service' : slug;
}
