import type { MessageValues } from '@erti/contracts';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { ApiError, NO_ANSWER } from '../api-client.ts';
import { specIdOf } from './spec-messages.ts';

/** The `messageKey` and `messageValues` an api error body may carry (contracts `errorResponseSchema`). */
function keyOf(error: ApiError): { key?: string; values?: MessageValues } {
  const body = error.body as { messageKey?: unknown; messageValues?: unknown } | null;
  if (!body || typeof body !== 'object' || typeof body.messageKey !== 'string') return {};
  const values =
    body.messageValues && typeof body.messageValues === 'object' ? body.messageValues : undefined;
  return { key: body.messageKey, values: values as MessageValues | undefined };
}

/**
 * An api error as the customer reads it: the catalogue's `api-errors.<messageKey>` in the site's
 * language with the body's values; else the body's `message`, in the site's language when it is a
 * spec string; else `fallback`. A call that got no answer (no network) says so in the site's language;
 * other errors show `fallback`.
 */
export function useApiErrorText(): (error: unknown, fallback?: string) => string {
  const intl = useIntl();
  return useCallback(
    (error: unknown, fallback?: string) => {
      if (!(error instanceof ApiError))
        return fallback ?? (error instanceof Error ? error.message : String(error));
      if (error.status === NO_ANSWER) return intl.formatMessage({ id: 'app.networkError' });
      const { key, values } = keyOf(error);
      const id = `api-errors.${key}`;
      if (key && id in intl.messages) return intl.formatMessage({ id }, values);
      const specId = specIdOf(error.message);
      if (specId) return intl.formatMessage({ id: specId });
      return error.message || fallback || '';
    },
    [intl],
  );
}
