import { LANGUAGES } from '@erti/contracts/languages';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from '../support/browser.ts';
import { catalogueOf } from '../support/catalogues.ts';
import { chooseDeviceLanguage } from '../support/language.ts';
import { networkMarkOn } from '../support/network-marks.ts';

const apiUrl = inject('apiUrl');

let browser: BrowserSession;
beforeAll(async () => {
  // Without the service worker: page.route must see every request for the marks.
  browser = await openBrowser({ serviceWorkers: 'block' });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Issue 39 item 1 (decision 132): the network's marks in every language, from the compiled release's
 * api (the shipped placeholders here; api/test/network-marks.test.ts swaps in an operator's files).
 */
describe.each(LANGUAGES)('the network marks in %s', (language) => {
  const say = catalogueOf(language);
  const logo = say('app.networkMark.bharatConnect');
  const assured = say('app.networkMark.bAssured');

  it('puts the Bharat Connect logo at the top right of the biller search, in its first HTML', async () => {
    const { page } = browser;
    await chooseDeviceLanguage(page, apiUrl, language);
    const first = await fetch(`${apiUrl}/services/utilities/Electricity`, {
      headers: { cookie: `erti_lang=${language}` },
    });
    const html = await first.text();
    expect(html).toContain('src="/network-marks/bharat-connect.svg"');
    expect(html).toContain(`alt="${logo}"`);

    // The marks held back until the page is drawn: their arrival must move nothing (CLS 0).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/network-marks/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${apiUrl}/services/utilities/Electricity`, { waitUntil: 'domcontentloaded' });
    const layout = () =>
      Promise.all(
        [page.getByRole('heading', { level: 1 }), page.getByRole('searchbox').first()].map((part) =>
          part.boundingBox(),
        ),
      );
    const before = await layout();
    release();
    const shown = await networkMarkOn(page, logo);
    expect(await layout()).toEqual(before);
    await page.unroute('**/network-marks/**');
    expect(shown).toMatchObject({
      loaded: true,
      src: '/network-marks/bharat-connect.svg',
      width: 96,
      height: 32,
    });
    expect(shown.fromRowsRight).toBe(0);
    const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
    const mark = await page.getByRole('img', { name: logo, exact: true }).boundingBox();
    expect(mark && heading && mark.x > heading.x && mark.y <= heading.y + heading.height).toBe(true);
  });

  it('shows the logo and the B-Assured mark on the payment success page', async () => {
    const { page } = browser;
    await chooseDeviceLanguage(page, apiUrl, language);
    await page.goto(`${apiUrl}/payment-success`);
    await page.getByRole('heading', { name: say('spec.payment.success') }).waitFor();
    expect(await networkMarkOn(page, logo)).toMatchObject({ loaded: true, width: 96, height: 32 });
    expect(await networkMarkOn(page, assured)).toMatchObject({
      loaded: true,
      src: '/network-marks/b-assured.svg',
      width: 64,
      height: 64,
    });
  });
});
