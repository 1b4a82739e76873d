import { catalogueLoadingMessage } from '../../../lib/catalogue-state.ts';

/**
 * Under a field whose list is empty only because the first sync with the bill network is still
 * running (decision 043): says so instead of leaving an empty list. The list fills by itself.
 */
export function CatalogueLoadingNote({ list }: { list: string }) {
  return (
    <p role="status" className="mt-1 text-sm text-gray-700">
      {catalogueLoadingMessage(list)}
    </p>
  );
}
