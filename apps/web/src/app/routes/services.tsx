import { useState } from 'react';
import { EverywhereSearchBox } from '../../features/bills/components/everywhere-search-box.tsx';
import { useBillersEverywhere } from '../../features/bills/hooks/use-billers-everywhere.ts';
import { ServicesDirectory } from '../../features/services/components/services-directory.tsx';

/** `/services`: the service tiles, whose search box also offers the billers of every service. */
export function Component() {
  const [query, setQuery] = useState('');
  const found = useBillersEverywhere(query);
  return (
    <ServicesDirectory
      query={query}
      searchBox={<EverywhereSearchBox query={query} onChange={setQuery} found={found} />}
      moreResults={found.billers.length > 0 || found.isSettling}
    />
  );
}
