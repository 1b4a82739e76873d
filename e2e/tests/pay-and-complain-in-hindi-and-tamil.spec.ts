import { LANGUAGES } from '@erti/contracts/languages';
import { describe, expect, inject, it } from 'vitest';
import { seriousViolations } from '../support/axe.ts';
import { chooseGatewayOutcome, downloadReceipt, orderIdOf, payerSuite } from '../support/bill-payment.ts';
import { catalogueOf, mailCatalogueOf } from '../support/catalogues.ts';
import { imagesInPdf, networkMarkOn } from '../support/network-marks.ts';
import { endsInWords, lettersOf, pdfFact, pdfTextOf } from '../support/pdf-text.ts';
import { fileForReview, screenshotForReview } from '../support/screenshots.ts';

const apiUrl = inject('apiUrl');
const sandboxUrl = inject('sandboxUrl');
const payer = payerSuite();
const english = catalogueOf('en');
/** The switch is labelled in the language the site speaks when it is used: any of them. */
const switchLabel = new RegExp(
  `^(${LANGUAGES.map((language) => catalogueOf(language)('app.language.label')).join('|')})$`,
);

/**
 * Issue 26: a bill payment and a complaint about it in Hindi and in Tamil, the language picked through
 * the switch in the navigation bar. Each step looks for the words the catalogue gives that language
 * (never the English), and axe finds no serious violation on the bill confirmation and the
 * transactions page in either.
 */
describe.each([
  ['Hindi', 'hi', '6789'],
  ['Tamil', 'ta', '7890'],
] as const)('a bill payment and a complaint in %s', (_name, language, numberEnd) => {
  const say = catalogueOf(language);
  /** The api's words: the receipt PDF's labels. */
  const receiptSays = mailCatalogueOf(language);
  /** The words in this language, checked to differ from English (a missed translation fails). */
  const translated = (id: string, values?: Record<string, string>) => {
    const text = say(id, values);
    expect(text, id).not.toBe(english(id, values));
    return text;
  };

  it('fetches and pays the bill, shows the receipt and raises a complaint, all in that language', async () => {
    const { browser, biller, user } = payer;
    const { page } = browser;
    await page.goto(`${apiUrl}/`);
    await page.getByRole('navigation', { name: /.+/ }).first().getByLabel(switchLabel).selectOption(language);
    await page.locator(`html[lang="${language}"]`).waitFor();
    await screenshotForReview(page, `${language}-home`);

    const entry = `/services/utilities/${encodeURIComponent(biller.billerCategoryName)}/${encodeURIComponent(biller.billerName)}`;
    await page.goto(`${apiUrl}${entry}`);
    await page.getByLabel(biller.paramName, { exact: true }).fill(biller.customerNumber(numberEnd));
    await page.getByRole('button', { name: translated('bills.entry.submit') }).click();

    // The bill confirmation.
    await page.getByRole('heading', { name: translated('bills.details.title') }).waitFor();
    expect(await page.getByText(translated('bills.details.dueDate'), { exact: true }).isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    const logo = translated('app.networkMark.bharatConnect');
    const assured = translated('app.networkMark.bAssured');
    expect((await networkMarkOn(page, logo)).loaded).toBe(true);
    await screenshotForReview(page, `${language}-bill-confirmation`);
    await page.getByRole('button', { name: translated('bills.details.proceed') }).click();

    await page.waitForURL(`${apiUrl}/payment-selection`);
    const summary = page.getByRole('region', { name: translated('payments.summary.title') });
    await summary.getByText(translated('payments.receipt.total'), { exact: true }).waitFor();
    await page.getByRole('button', { name: translated('payments.selection.payu') }).click();
    await page.waitForURL(`${sandboxUrl}/payu/**`);
    await chooseGatewayOutcome(page, 'Success');

    await page.waitForURL(`${apiUrl}/payment-success?**`);
    const orderId = orderIdOf(page.url());
    await page.getByRole('heading', { name: translated('spec.payment.success') }).waitFor();
    const txnIdLabel = translated('payments.receipt.txnId');
    await page.getByText(txnIdLabel, { exact: true }).waitFor({ timeout: 30_000 });
    const txnReferenceId = (await page.locator(`dt:has-text("${txnIdLabel}") + dd`).textContent()) ?? '';
    expect(txnReferenceId).toMatch(/^[A-Z0-9]{20}$/);
    // The network's marks on the paid order's page, named in this language (decision 132).
    expect((await networkMarkOn(page, logo)).loaded).toBe(true);
    expect((await networkMarkOn(page, assured)).loaded).toBe(true);
    await screenshotForReview(page, `${language}-payment-success`);

    // The transactions page.
    await page.goto(`${apiUrl}/txn`);
    await page.getByRole('heading', { name: translated('payments.transactions.title') }).waitFor();
    const row = page.getByRole('row').filter({ hasText: txnReferenceId });
    await row.getByText(translated('payments.status.successful')).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The receipt.
    await row.getByRole('link', { name: translated('payments.transactions.receipt') }).click();
    await page.waitForURL(`${apiUrl}/receipt/${orderId}`);
    await page.getByRole('heading', { name: translated('payments.receipt.title') }).waitFor();
    expect(await page.getByText(translated('payments.standing.success')).isVisible()).toBe(true);
    expect(await page.getByText(translated('payments.receipt.billAmount'), { exact: true }).isVisible()).toBe(
      true,
    );
    // The category in the site's words and India's time zone in the language (decision 116).
    const category = translated(`catalogue.${biller.billerCategoryName}`);
    const zone = translated('app.time.zone');
    const receiptLine = (id: string) => page.locator(`dt:text-is("${say(id)}") + dd`);
    expect(await receiptLine('payments.receipt.category').textContent()).toBe(category);
    expect(await receiptLine('payments.receipt.dateTime').textContent()).toMatch(new RegExp(` ${zone}$`));
    expect((await networkMarkOn(page, logo)).loaded).toBe(true);
    expect((await networkMarkOn(page, assured)).loaded).toBe(true);
    await screenshotForReview(page, `${language}-receipt`);
    // Its PDF, set in the Noto font of the language's script (receipt-pdf.test.ts looks at the glyphs).
    const pdf = await downloadReceipt(page, orderId, undefined, translated('payments.receipt.downloadPdf'));
    expect(pdf.startsWith('%PDF')).toBe(true);
    expect(pdf).toMatch(language === 'hi' ? /NotoSansDevanagari/ : /NotoSansTamil/);
    fileForReview(`${language}-receipt.pdf`, Buffer.from(pdf, 'latin1'));
    // The Bharat Connect logo and the B-Assured mark, embedded.
    expect(await imagesInPdf(Buffer.from(pdf, 'latin1'))).toBe(2);
    // Its words as the reader reads them: the category and the zone as on the page, no 'IST'.
    const pdfText = await pdfTextOf(Buffer.from(pdf, 'latin1'));
    expect(lettersOf(pdfFact(pdfText, receiptSays('receipt.category')) ?? '')).toBe(lettersOf(category));
    const paidAt = pdfFact(pdfText, receiptSays('receipt.dateTime')) ?? '';
    expect(endsInWords(paidAt, zone), paidAt).toBe(true);
    expect(pdfText).not.toMatch(/\bIST\b/);

    // The complaint, raised from the receipt.
    await page.getByRole('link', { name: translated('payments.receipt.raiseComplaint') }).click();
    await page.waitForURL(`${apiUrl}/complaint`);
    const form = page.getByRole('form', { name: translated('complaints.tabs.raise') });
    expect(await form.getByLabel(translated('complaints.raise.txnReferenceId')).inputValue()).toBe(
      txnReferenceId,
    );
    await form
      .getByLabel(translated('complaints.raise.queryType'))
      .selectOption({ label: translated('complaints.queryType.debitedNoConfirmation') });
    await form.getByLabel(translated('complaints.raise.contactNumber')).fill(user.phone);
    const via = form.getByLabel(translated('complaints.raise.initiatedVia'));
    if (!(await via.inputValue())) await via.fill('Erti Pay');
    await form.getByLabel(translated('complaints.raise.description')).fill('बिल अभी भी बाकी दिखता है');
    await form.getByRole('button', { name: translated('complaints.raise.submit') }).click();

    await page.getByRole('heading', { name: translated('complaints.raise.registeredTitle') }).waitFor();
    const complaintId =
      (await page
        .locator(`dt:has-text("${translated('complaints.facts.complaintId')}") + dd`)
        .textContent()) ?? '';
    expect(complaintId).toMatch(/^CC01\d{11}$/);
    const registered = translated('api-messages.complaints.registeredForTxn', {
      complaintId,
      txnReferenceId,
    });
    expect(await page.getByText(registered).isVisible()).toBe(true);
  });
});
