import type { Page } from 'playwright-core';
import type { FetchBiller } from './fetch-biller.ts';
import type { SignedInUser } from './session.ts';

/** A customer of `biller` and the due date of the bill the network fetches for them (YYYY-MM-DD). */
export interface BillCustomer {
  customerNumber: string;
  dueDate: string;
}

interface BillerRecord {
  billerId: string;
  billerName: string;
  customerParams: { paramName: string }[];
}

/** Today in India, YYYY-MM-DD: the day a due date is compared with. */
export const todayInIndia = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/** The biller's id, which the api's bill fetch names it by. */
export async function billerIdOf(apiUrl: string, biller: FetchBiller): Promise<string> {
  const response = await fetch(
    `${apiUrl}/api/bbps/prod/${encodeURIComponent(biller.billerCategoryName)}?limit=200`,
  );
  const found = ((await response.json()) as BillerRecord[]).find(
    (record) => record.billerName === biller.billerName,
  );
  if (!found) throw new Error(`${biller.billerName} is not in the catalogue`);
  return found.billerId;
}

/**
 * A customer whose bill today is overdue (due before today) or due later (at least three days on), found
 * by fetching bills through the api: the network draws each customer's billing cycle from their number.
 */
export async function findBillCustomer(
  apiUrl: string,
  user: SignedInUser,
  biller: FetchBiller,
  wanted: 'overdue' | 'due later',
): Promise<BillCustomer> {
  const billerId = await billerIdOf(apiUrl, biller);
  const today = todayInIndia();
  const inThreeDays = new Date(Date.parse(`${today}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  for (let tries = 0; tries < 60; tries += 1) {
    const customerNumber = biller.customerNumber(String(1000 + tries));
    const response = await fetch(
      `${apiUrl}/api/bbps/prod/bill/${encodeURIComponent(biller.billerCategoryName)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.Token}` },
        body: JSON.stringify({
          chId: 1,
          isRealTimeFetch: true,
          custDetails: { mobileNo: user.phone, customerTags: [{ name: 'EMAIL', value: user.email }] },
          billDetails: { billerId, customerParams: [{ name: biller.paramName, value: customerNumber }] },
        }),
      },
    );
    const answer = (await response.json()) as { response?: { billerResponse?: { dueDate?: string } } };
    const dueDate = answer.response?.billerResponse?.dueDate ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate)) continue;
    if (wanted === 'overdue' ? dueDate < today : dueDate >= inThreeDays) return { customerNumber, dueDate };
  }
  throw new Error(`No customer of ${biller.billerName} whose bill is ${wanted}`);
}

/**
 * The customer's bill fetched on the biller's page, in the site's language (`say`, a catalogue of it),
 * up to the bill confirmation.
 */
export async function fetchBillInBrowser(
  page: Page,
  apiUrl: string,
  biller: FetchBiller,
  customerNumber: string,
  say: (id: string) => string,
): Promise<void> {
  const path = `/services/utilities/${encodeURIComponent(biller.billerCategoryName)}/${encodeURIComponent(biller.billerName)}`;
  await page.goto(`${apiUrl}${path}`);
  await page.getByLabel(biller.paramName, { exact: true }).fill(customerNumber);
  await page.getByRole('button', { name: say('bills.entry.submit') }).click();
  await page.getByText(say('bills.details.title')).waitFor();
}
