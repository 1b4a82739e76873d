import { messages } from '@erti/contracts/messages';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

type SpecTree = { readonly [key: string]: string | ((value: string) => string) | SpecTree };

/**
 * The spec's strings (contracts' `messages`, sections 5 and 8) as message ids and English ICU text:
 * `messages.validation.loginEmail` is `spec.validation.loginEmail`; a message built from a value,
 * `messages.validation.invalidParam(paramName)`, is `Invalid {paramName}`.
 */
export function specCatalogue(tree: SpecTree = messages, prefix = 'spec'): Record<string, string> {
  const catalogue: Record<string, string> = {};
  for (const [key, entry] of Object.entries(tree)) {
    const id = `${prefix}.${key}`;
    if (typeof entry === 'string') catalogue[id] = entry;
    else if (typeof entry === 'function') catalogue[id] = entry(`{${argumentName(entry)}}`);
    else Object.assign(catalogue, specCatalogue(entry, id));
  }
  return catalogue;
}

/** `(paramName) => …` → `paramName`: the ICU variable a message built from a value takes. */
function argumentName(build: (value: string) => string): string {
  return /^\(?\s*([A-Za-z_$][\w$]*)/.exec(build.toString())?.[1] ?? 'value';
}

let idsByEnglish: Map<string, string> | undefined;

/** The spec id of an English spec string, e.g. a zod schema's message from contracts. */
export function specIdOf(english: string): string | undefined {
  idsByEnglish ??= new Map(Object.entries(specCatalogue()).map(([id, text]) => [text, id]));
  return idsByEnglish.get(english);
}

/**
 * Shows a spec string (a validation message from a contracts schema, say) in the site's language;
 * any other text is shown as it is.
 */
export function useSpecText(): (text: string) => string {
  const { formatMessage } = useIntl();
  return useCallback(
    (text: string) => {
      const id = specIdOf(text);
      return id ? formatMessage({ id }) : text;
    },
    [formatMessage],
  );
}
