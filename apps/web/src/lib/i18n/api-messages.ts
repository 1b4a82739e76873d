import type { MessageResponse, MessageValues } from '@erti/contracts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { type Formats, useFormat } from '../format.ts';

/** Values as this language writes them: `…Paise` as rupees, `…At` as the day in India (contracts). */
function localValues(values: MessageValues | undefined, format: Formats): MessageValues | undefined {
  if (!values) return undefined;
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => {
      if (name.endsWith('Paise') && typeof value === 'number') return [name, format.paise(value)];
      if (name.endsWith('At') && typeof value === 'string') return [name, format.date(value)];
      return [name, value];
    }),
  );
}

/**
 * An api answer's sentence as the customer reads it: the catalogue's `api-messages.<messageKey>` in
 * the site's language with the answer's values; the English `message` when the answer has no key
 * this site knows (an older or newer api).
 */
export function useApiMessageText(): (answer: MessageResponse) => string {
  const intl = useIntl();
  const format = useFormat();
  return useCallback(
    ({ message, messageKey, messageValues }: MessageResponse) => {
      const id = `api-messages.${messageKey}`;
      if (!messageKey || !(id in intl.messages)) return message;
      return intl.formatMessage({ id }, localValues(messageValues, format));
    },
    [intl, format],
  );
}
