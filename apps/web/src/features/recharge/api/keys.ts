/** The one query-key factory of the recharge feature; invalidate only through it. */
export const rechargeKeys = {
  all: ['recharge'] as const,
  operators: () => [...rechargeKeys.all, 'operators'] as const,
  biller: (billerId: string) => [...rechargeKeys.all, 'biller', billerId] as const,
  circles: (billerId: string) => [...rechargeKeys.all, 'circles', billerId] as const,
  plans: (billerId: string, circle: string | undefined) =>
    [...rechargeKeys.all, 'plans', billerId, circle ?? ''] as const,
  coverage: () => [...rechargeKeys.all, 'coverage'] as const,
  educationBillers: (state: string, area: string | undefined) =>
    [...rechargeKeys.all, 'education-billers', state, area ?? ''] as const,
};

/**
 * Reads of master data fail quietly for the spec (console only); the screens still offer a retry.
 * This keeps the console line in one place.
 */
export async function logged<T>(what: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    console.error(`Could not load ${what}`, error);
    throw error;
  }
}
