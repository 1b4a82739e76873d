import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/**
 * The service catalogue's words (contracts `serviceCatalogue`: categories, service titles and
 * captions) in the site's language. The catalogue's English text is the key (contracts
 * `catalogue-words`, which the api's receipts and mails read too: decision 116); the English title
 * stays in addresses and api calls.
 */
export function useCatalogueText(): (english: string) => string {
  const intl = useIntl();
  return useCallback(
    (english: string) => {
      const id = `catalogue.${english}`;
      return id in intl.messages ? intl.formatMessage({ id }) : english;
    },
    [intl],
  );
}
