import { serviceTitles } from '@erti/contracts/catalogue';
import type { BbpsBillerMdmResponse, BbpsCirclesResponse, BbpsLocationsResponse } from '@erti/protocols';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../src/bou/catalogue.ts';
import { type BouClient, startBou } from './support/bou-client.ts';

let bou: BouClient;
beforeAll(async () => {
  bou = await startBou();
});
afterAll(() => bou.close());

const allBillers = async () =>
  (await bou.get<BbpsBillerMdmResponse>('/billerservice/mdm?pageSize=1000&page=1')).body.billerInfoResponse;

describe('biller master data', () => {
  it('has billers for every service title, with the title as their category', async () => {
    for (const title of serviceTitles) {
      const billers = await bou.billers(title);
      expect(billers.length, title).toBeGreaterThan(0);
      expect(billers.every((biller) => biller.billerCategory === title)).toBe(true);
    }
  });

  it('gives every biller a unique 14-character id and anchored, working regexes', () => {
    const { entries } = buildCatalogue(0);
    const ids = entries.map((entry) => entry.biller.billerId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[A-Z0-9]{14}$/.test(id))).toBe(true);
    for (const { biller } of entries) {
      for (const param of biller.billerInputParams.paramInfo) {
        expect(param.regEx).toMatch(/^\^.*\$$/);
        expect(() => new RegExp(param.regEx)).not.toThrow();
      }
    }
    expect(entries.find((entry) => entry.biller.billerId === 'MAHA00000MAH01')?.biller.billerName).toMatch(
      /Maharashtra State Electricity/,
    );
  });

  it('is the same on every start', () => {
    const first = buildCatalogue(50).entries.map((entry) => entry.biller);
    const second = buildCatalogue(50).entries.map((entry) => entry.biller);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it('covers the requirement flags in their combinations', () => {
    const combinations = new Set(
      buildCatalogue(0).entries.map(
        ({ biller }) =>
          `${biller.billerFetchRequiremet}/${biller.billerSupportBillValidation}/${biller.planMdmRequirement}`,
      ),
    );
    expect([...combinations]).toEqual(
      expect.arrayContaining([
        'MANDATORY/NOT_SUPPORTED/NOT_SUPPORTED',
        'OPTIONAL/NOT_SUPPORTED/NOT_SUPPORTED',
        'OPTIONAL/OPTIONAL/NOT_SUPPORTED',
        'NOT_SUPPORTED/MANDATORY/NOT_SUPPORTED',
        'NOT_SUPPORTED/OPTIONAL/NOT_SUPPORTED',
        'NOT_SUPPORTED/MANDATORY/MANDATORY',
        'NOT_SUPPORTED/OPTIONAL/MANDATORY',
        'NOT_SUPPORTED/NOT_SUPPORTED/NOT_SUPPORTED',
      ]),
    );
  });

  it('models prepaid billers as plan billers and donations as adhoc direct payments', async () => {
    for (const category of ['Mobile Prepaid', 'DTH']) {
      for (const biller of await bou.billers(category)) {
        expect(biller.billerFetchRequiremet).toBe('NOT_SUPPORTED');
        expect(biller.planMdmRequirement).toBe('MANDATORY');
      }
    }
    const donation = await bou.biller('Donation');
    expect(donation).toMatchObject({
      billerAdhoc: 'true',
      billerFetchRequiremet: 'NOT_SUPPORTED',
      billerPaymentExactness: '',
    });
    expect((await bou.billers('Mobile Prepaid')).map((biller) => biller.billerName)).toEqual(
      expect.arrayContaining(['Airtel', 'Jio', 'Vi', 'BSNL', 'MTNL Delhi', 'MTNL Mumbai']),
    );
  });

  it('makes every LPG parameter optional and gives electricity a consumer number', async () => {
    for (const biller of await bou.billers('LPG Gas')) {
      expect(biller.billerInputParams.paramInfo.map((param) => param.isOptional)).toEqual(['true', 'true']);
    }
    const electricity = await bou.billers('Electricity');
    expect(
      electricity.some((biller) =>
        biller.billerInputParams.paramInfo.some(
          (param) => param.paramName === 'Consumer Number' && param.regEx === '^[0-9]{10,12}$',
        ),
      ),
    ).toBe(true);
  });

  it('charges fees on a few billers only: 1% with a Rs 1 minimum on credit cards, Rs 5 flat on one rental biller', async () => {
    const card = await bou.biller('Credit Card');
    expect(card.interchangeFee).toEqual([
      expect.objectContaining({ flatFee: '100', percentFee: '0.00', tranAmtRangeMax: '9999' }),
      expect.objectContaining({ flatFee: '0', percentFee: '1.00', tranAmtRangeMin: '10000' }),
    ]);
    expect(card.billerPaymentModes.paymentModeInfo.map((mode) => mode.paymentMode)).not.toContain(
      'Credit Card',
    );
    const rental = await bou.biller('Rental', (biller) => biller.billerName === 'Urban Nest Rentals');
    expect(rental.interchangeFee[0]).toMatchObject({ flatFee: '500', percentFee: '0.00' });
    const { entries } = buildCatalogue(0);
    const charging = entries.filter(({ biller }) =>
      biller.interchangeFee.some((slab) => slab.flatFee !== '0' || slab.percentFee !== '0.00'),
    );
    expect(charging.length).toBeLessThan(entries.length / 10);
  });

  it('has logos for about 70% of billers, in all four formats', () => {
    const { entries } = buildCatalogue(0);
    const withLogo = entries.filter(({ biller }) => biller.billerLogo !== '');
    expect(withLogo.length / entries.length).toBeGreaterThan(0.6);
    expect(withLogo.length / entries.length).toBeLessThan(0.8);
    expect(new Set(withLogo.map(({ biller }) => biller.billerLogo))).toEqual(
      new Set(['png', 'jpg', 'webp', 'jpeg']),
    );
  });

  it('places schools and colleges in districts, including Mumbai and Chennai', async () => {
    const institutes = await bou.billers('Education Fees');
    const coverages = new Set(institutes.map((biller) => biller.billerCoverage));
    expect(coverages).toContain('IND-MAH-Mumbai');
    expect(coverages).toContain('IND-TND-Chennai');
    const { locations } = (await bou.get<BbpsLocationsResponse>('/coverage/locations')).body;
    for (const coverage of coverages) {
      const [, stateId, area] = coverage.split('-', 3) as [string, string, string];
      expect(locations.find((location) => location.id === stateId)?.areas, coverage).toContain(
        coverage.slice(8),
      );
      expect(area).toBeTruthy();
    }
  });
});

describe('GET /bou/billerservice/mdm and downloadMDM', () => {
  it('pages through every biller', async () => {
    const first = await allBillers();
    const second = (await bou.get<BbpsBillerMdmResponse>('/billerservice/mdm?pageSize=1000&page=2')).body
      .billerInfoResponse;
    expect(first.totalCount).toBe(buildCatalogue(0).entries.length);
    expect(first.biller).toHaveLength(1000);
    expect(second.biller).toHaveLength(first.totalCount - 1000);
    const ids = new Set([...first.biller, ...second.biller].map((biller) => biller.billerId));
    expect(ids.size).toBe(first.totalCount);
  });

  it('filters by category and by update time, and refuses page sizes over 1000', async () => {
    const electricity = (
      await bou.get<BbpsBillerMdmResponse>('/billerservice/mdm?category=Electricity&pageSize=5')
    ).body.billerInfoResponse;
    expect(electricity.biller).toHaveLength(5);
    expect(electricity.totalCount).toBeGreaterThan(50);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const unchanged = await bou.get<BbpsBillerMdmResponse>(`/billerservice/mdm?updatedSince=${future}`);
    expect(unchanged.body.billerInfoResponse.biller).toEqual([]);
    const past = await bou.get<BbpsBillerMdmResponse>(
      '/billerservice/mdm?updatedSince=2020-01-01T00:00:00Z&pageSize=1',
    );
    expect(past.body.billerInfoResponse.totalCount).toBe(buildCatalogue(0).entries.length);
    const tooBig = await bou.get('/billerservice/mdm?pageSize=1001');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ billerInfoResponse: { responseCode: '001' } });
  });

  it('downloads one biller by id, and answers 404 JSON for an unknown one', async () => {
    const one = await bou.get<BbpsBillerMdmResponse>('/billerservice/downloadMDM/billerId/MAHA00000MAH01');
    expect(one.status).toBe(200);
    expect(one.body.billerInfoResponse.biller).toHaveLength(1);
    expect(one.body.billerInfoResponse.biller[0]?.billerId).toBe('MAHA00000MAH01');
    const unknown = await bou.get('/billerservice/downloadMDM/billerId/NOPE00000NAT01');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ billerInfoResponse: { responseCode: '001' } });
  });
});

describe('scale mode', () => {
  it('adds generated billers spread over the categories', async () => {
    const scaled = await startBou(2_000);
    try {
      const { body } = await scaled.get<BbpsBillerMdmResponse>('/billerservice/mdm?pageSize=1');
      expect(body.billerInfoResponse.totalCount).toBe(buildCatalogue(0).entries.length + 2_000);
      const loans = await scaled.billers('Loan Repayment');
      expect(loans.some((biller) => /^[A-Z][a-z]+.* \d{4}$/.test(biller.billerName))).toBe(true);
    } finally {
      await scaled.close();
    }
  });

  it('builds the default catalogue in under 300 ms and 25,000 extra billers in under two seconds', () => {
    const defaultStarted = performance.now();
    buildCatalogue(0);
    expect(performance.now() - defaultStarted).toBeLessThan(300);
    const started = performance.now();
    const catalogue = buildCatalogue(25_000);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(new Set(catalogue.entries.map((entry) => entry.biller.billerId)).size).toBe(
      catalogue.entries.length,
    );
  });
});

describe('plans and circles', () => {
  it('lists the circles of an operator and 404s for billers without plans', async () => {
    const airtel = await bou.biller('Mobile Prepaid', (biller) => biller.billerName === 'Airtel');
    const circles = await bou.get<BbpsCirclesResponse>(`/planservice/circles/${airtel.billerId}`);
    expect(circles.body.circles).toHaveLength(22);
    expect(circles.body.circles).toEqual(
      expect.arrayContaining(['Mumbai', 'Delhi NCR', 'Tamil Nadu', 'UP East']),
    );
    const bsnl = await bou.biller('Mobile Prepaid', (biller) => biller.billerName === 'BSNL');
    const bsnlCircles = (await bou.get<BbpsCirclesResponse>(`/planservice/circles/${bsnl.billerId}`)).body
      .circles;
    expect(bsnlCircles).toHaveLength(20);
    expect(bsnlCircles).not.toContain('Mumbai');
    const mtnl = await bou.biller('Mobile Prepaid', (biller) => biller.billerName === 'MTNL Delhi');
    expect(
      (await bou.get<BbpsCirclesResponse>(`/planservice/circles/${mtnl.billerId}`)).body.circles,
    ).toEqual(['Delhi NCR']);
    expect((await bou.get('/planservice/circles/MAHA00000MAH01')).status).toBe(404);
    expect((await bou.get('/planservice/circles/NOPE00000NAT01')).status).toBe(404);
  });

  it('serves over 150 realistic plans per operator and circle, with unique ids', async () => {
    const jio = await bou.biller('Mobile Prepaid', (biller) => biller.billerName === 'Jio');
    const plans = await bou.plans(jio.billerId);
    expect(new Set(plans.map((plan) => plan.Id)).size).toBe(plans.length);
    const mumbai = plans.filter((plan) => plan.circle === 'Mumbai' && plan.status === 'ACTIVE');
    expect(mumbai.length).toBeGreaterThan(150);
    expect(new Set(mumbai.map((plan) => plan.categoryType))).toEqual(
      new Set(['Unlimited', 'Data', 'Talktime', 'Top-up', 'Annual', 'International Roaming']),
    );
    expect(mumbai.every((plan) => plan.amountInRupees >= 10 && plan.amountInRupees <= 3999)).toBe(true);
    expect(mumbai[0]?.Id).toMatch(/^RJIO-MUM-\d{4}-\d{2}$/);
    expect(mumbai[0]?.planAdditionalInfo.tag.map((tag) => tag.paramName)).toEqual([
      'Data',
      'Validity',
      'Talktime',
      'SMS',
    ]);
    const long = mumbai.find(
      (plan) => plan.planDescription.length > 100 && plan.planDescription.split(/\s+/).length > 20,
    );
    expect(long).toBeDefined();
    const delhi = plans.filter((plan) => plan.circle === 'Delhi NCR');
    const priceOf = (list: typeof plans) =>
      new Map(list.map((plan) => [plan.Id.slice(9), plan.amountInRupees]));
    expect(JSON.stringify([...priceOf(delhi)])).not.toBe(JSON.stringify([...priceOf(mumbai)]));
  });

  it('gives DTH packs without a circle and with a package name', async () => {
    const tataPlay = await bou.biller('DTH', (biller) => biller.billerName === 'Tata Play');
    const plans = await bou.plans(tataPlay.billerId);
    expect(plans.length).toBeGreaterThan(50);
    expect(plans.every((plan) => plan.circle === '')).toBe(true);
    expect(plans[0]?.planAdditionalInfo.tag[0]?.paramName).toBe('Package Name');
    expect(
      (await bou.get<BbpsCirclesResponse>(`/planservice/circles/${tataPlay.billerId}`)).body.circles,
    ).toEqual([]);
  });

  it('answers plans only for plan billers and refuses a malformed request', async () => {
    expect(await bou.plans('MAHA00000MAH01')).toEqual([]);
    const bad = await bou.post('/planservice/planMdm', { billerId: 'AIRT' });
    expect(bad.status).toBe(400);
  });
});

describe('GET /bou/coverage/locations', () => {
  it('lists 36 states and territories with their areas, some untidy', async () => {
    const { locations } = (await bou.get<BbpsLocationsResponse>('/coverage/locations')).body;
    expect(locations).toHaveLength(36);
    expect(locations.every((location) => /^[A-Z]{3}$/.test(location.id))).toBe(true);
    expect(locations.map((location) => location.id)).toEqual(
      expect.arrayContaining(['MAN', 'TRI', 'KAR', 'TND', 'MAH']),
    );
    expect(locations.find((location) => location.id === 'LAK')?.areas).toEqual([]);
    const bengal = locations
      .find((location) => location.id === 'WBL')!
      .areas.map((area) => area.toLowerCase());
    expect(bengal.filter((area) => area === 'north 24 parganas')).toHaveLength(2);
    expect(locations.find((location) => location.id === 'MAH')?.areas).toContain('Mumbai');
  });
});
