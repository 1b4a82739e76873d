import { useIntl } from 'react-intl';

/**
 * Under a field whose list is empty only because the first sync with the bill network is still
 * running (decision 043): says so instead of leaving an empty list. The list fills by itself.
 */
export function CatalogueLoadingNote({ list }: { list: 'operators' | 'institutes' }) {
  const { formatMessage } = useIntl();
  return (
    <p role="status" className="mt-1 text-sm text-gray-700">
      {formatMessage({ id: 'recharge.catalogueLoading' }, { list })}
    </p>
  );
}
