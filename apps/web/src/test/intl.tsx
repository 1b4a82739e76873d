import catalogueWords from '@erti/contracts/locales/en/catalogue-words.json';
import type { ReactNode } from 'react';
import { catalogueFile, catalogueNamespace, type Messages, namespaced } from '../lib/i18n/catalogues.ts';
import { LanguageProvider } from '../lib/i18n/language-provider.tsx';

const englishFiles = import.meta.glob<Record<string, string>>('../locales/en/*.json', {
  eager: true,
  import: 'default',
});

/** The English catalogue, read at once: components render in English without waiting. */
export const englishMessages: Messages = Object.assign(
  {},
  ...Object.entries(englishFiles).map(([path, catalogue]) =>
    namespaced(catalogueFile(path).namespace, catalogue),
  ),
  catalogueNamespace(catalogueWords),
);

/** The site's language context in English, as every component test renders (setup.ts). */
export function InEnglish({ children }: { children: ReactNode }) {
  return (
    <LanguageProvider language="en" messages={englishMessages}>
      {children}
    </LanguageProvider>
  );
}
