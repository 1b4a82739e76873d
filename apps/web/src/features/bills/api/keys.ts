/** Every query key of the bills feature; invalidate only through these. */
export const billsKeys = {
  all: ['bills'] as const,
  billers: (category: string, search: { q?: string; limit?: number }) =>
    [...billsKeys.all, 'billers', category, search] as const,
  biller: (billerCategoryName: string, billerName: string) =>
    [...billsKeys.all, 'biller', billerCategoryName, billerName] as const,
  savedBills: (userId: string, category: string) =>
    [...billsKeys.all, 'saved-bills', userId, category] as const,
};
