import type { ComponentType } from 'react';

/** The data layer's chunk (`lib/data.tsx`), fetched once, by the first part that needs it. */
export const loadDataLayer = () => import('./data.tsx');

/**
 * A lazily loaded component under the data layer's provider: its code and the data layer's are fetched
 * together, so the parts that fetch bring TanStack Query with them and the home page's first render
 * goes without (decision 096).
 */
export async function withData<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): Promise<ComponentType<Props>> {
  const [Loaded, { DataProvider }] = await Promise.all([load(), loadDataLayer()]);
  // Made once per chunk (the lazy loaders call this once), not per render.
  return (props: Props) => (
    <DataProvider>
      <Loaded {...props} />
    </DataProvider>
  );
}
