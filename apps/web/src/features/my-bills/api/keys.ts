/** Every query key of the My Bills feature; invalidate only through these. */
export const myBillsKeys = {
  all: ['my-bills'] as const,
  list: (userId: string) => [...myBillsKeys.all, 'list', userId] as const,
  one: (userId: string, id: string) => [...myBillsKeys.all, 'one', userId, id] as const,
  /** An entry's bill fetched afresh for its confirmation page (Pay now). */
  opening: (userId: string, id: string) => [...myBillsKeys.all, 'opening', userId, id] as const,
};
