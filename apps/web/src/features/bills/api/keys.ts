/** Every query key of the bills feature; invalidate only through these. */
export const billsKeys = {
  all: ['bills'] as const,
  billers: (category: string, search: { q?: string; limit?: number; offset?: number }) =>
    [...billsKeys.all, 'billers', category, search] as const,
  /** Billers of every category matching a search (the services page). */
  search: (q: string, limit: number) => [...billsKeys.all, 'search', q, limit] as const,
  /** A category's billers page by page (the unsearched list). */
  billerPages: (category: string) => [...billsKeys.all, 'biller-pages', category] as const,
  biller: (billerCategoryName: string, billerName: string) =>
    [...billsKeys.all, 'biller', billerCategoryName, billerName] as const,
  savedBills: (userId: string, category: string) =>
    [...billsKeys.all, 'saved-bills', userId, category] as const,
};
