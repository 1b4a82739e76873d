import type { BbpsPlan } from '@erti/protocols';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogueFor } from '../../sandbox/src/bou/catalogue.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { plans } from '../src/db/schema/catalogue.ts';
import type { BbpsClient } from '../src/integrations/bbps/bbps-client.ts';
import { createCatalogueSync } from '../src/modules/catalogue/catalogue.sync.ts';
import { openTestDatabase } from './support/test-database.ts';

// A plan's price is rupees on the wire (a JSON number); the one rupee parser reads it (decision 061).
// A price it refuses is never rounded into a price we charge: the plan is left out, with a log line.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const planBiller = catalogueFor(0).entries.find((entry) => entry.biller.planMdmRequirement === 'MANDATORY');

function planPriced(Id: string, amountInRupees: number): BbpsPlan {
  return {
    Id,
    billerId: planBiller?.biller.billerId ?? '',
    circle: 'Mumbai',
    categoryType: 'Unlimited',
    amountInRupees,
    planDescription: `Rs. ${amountInRupees} pack`,
    planAdditionalInfo: { tag: [] },
    effectiveFrom: '2025-01-01',
    effectiveTo: '2030-12-31',
    status: 'ACTIVE',
  };
}

describe('plan prices in the catalogue sync', () => {
  it('stores a readable price in paise and leaves out a plan whose price cannot be read', async () => {
    const biller = planBiller?.biller;
    if (!biller) throw new Error('the sandbox catalogue has no plan biller');
    const offered = [
      planPriced('P-199', 199),
      planPriced('P-19-5', 19.5),
      planPriced('P-PAISA-FRACTION', 19.999),
      planPriced('P-NEGATIVE', -5),
      planPriced('P-HUGE', 1e21),
    ];
    const bbps = {
      billerMdmPage: async () => ({ billers: [biller], totalCount: 1, page: 1, pageSize: 1000 }),
      planMdm: async () => offered,
      circles: async () => ['Mumbai'],
      locations: async () => [],
    } as unknown as BbpsClient;
    const warn = vi.fn();
    const logger = { warn, info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

    const result = await createCatalogueSync({ db: database.db, bbps, logger })();

    const stored = await database.db
      .select({ planId: plans.planId, amountPaise: plans.amountPaise })
      .from(plans)
      .where(eq(plans.billerId, biller.billerId));
    expect(stored.sort((a, b) => a.amountPaise - b.amountPaise)).toEqual([
      { planId: 'P-19-5', amountPaise: 1_950 },
      { planId: 'P-199', amountPaise: 19_900 },
    ]);
    expect(result.plans).toBe(2);
    expect(warn).toHaveBeenCalledWith(
      {
        billerId: biller.billerId,
        plans: [
          ['P-PAISA-FRACTION', 19.999],
          ['P-NEGATIVE', -5],
          ['P-HUGE', 1e21],
        ],
      },
      'plans whose price cannot be read are not offered',
    );
  });
});
