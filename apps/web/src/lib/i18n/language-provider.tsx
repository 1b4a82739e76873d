import { type Language, localeByLanguage } from '@erti/contracts/languages';
import {
  createContext,
  type ReactNode,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { authApi } from '../api-client.ts';
import { getSession } from '../session.ts';
import type { Messages } from './catalogues.ts';
import { chosenLanguage, markLanguageUnsaved, rememberLanguage, unsavedLanguage } from './device-language.ts';
import { siteMessagesIn } from './site-messages.ts';

interface LanguageState {
  language: Language;
  /** Switches the whole site to another language in place: no reload, forms keep what they hold. */
  choose: (language: Language) => Promise<void>;
  /** After login: the profile's language, unless this device has a choice of its own. */
  followProfile: (language: Language | undefined) => Promise<void>;
}

const LanguageContext = createContext<LanguageState | undefined>(undefined);

/** The language the site speaks now, and the switch to another. */
export function useLanguage(): LanguageState {
  const state = use(LanguageContext);
  if (!state) throw new Error('useLanguage outside LanguageProvider');
  return state;
}

/**
 * Keeps a signed-in customer's pick in the profile, for mails; the device keeps it anyway. A save
 * that fails is remembered and sent again when the browser is back online, when the site next
 * opens signed in, and at the next login, so the mails catch up with the pick.
 */
function saveToProfile(language: Language): void {
  if (!getSession()) return;
  markLanguageUnsaved(language);
  authApi
    .put('/users/language', { language })
    .then(() => {
      if (unsavedLanguage() === language) markLanguageUnsaved(undefined);
    })
    .catch((error: unknown) => {
      console.warn('The language was not saved to the profile; it is sent again later', error);
    });
}

function saveUnsavedPick(): void {
  const unsaved = unsavedLanguage();
  if (unsaved) saveToProfile(unsaved);
}

interface Shown {
  language: Language;
  messages: Messages;
}

/** What the site shows now, for the React roots beside the app's (the offline notices). */
const shownNow: { current?: Shown; listeners: Set<() => void> } = { listeners: new Set() };

function publish(shown: Shown): void {
  shownNow.current = shown;
  for (const listener of shownNow.listeners) listener();
}

function subscribe(listener: () => void): () => void {
  shownNow.listeners.add(listener);
  return () => shownNow.listeners.delete(listener);
}

/**
 * A root of its own (the offline notices) in the language the app shows, following its switches;
 * nothing until the app has rendered.
 */
export function InSiteLanguage({ children }: { children: ReactNode }) {
  const shown = useSyncExternalStore(subscribe, () => shownNow.current);
  if (!shown) return null;
  return (
    <IntlProvider
      locale={localeByLanguage[shown.language]}
      defaultLocale={localeByLanguage.en}
      messages={shown.messages}
    >
      {children}
    </IntlProvider>
  );
}

/** `<html lang>` and the document's title follow the language. */
function DocumentLanguage({ language }: { language: Language }) {
  const intl = useIntl();
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = intl.formatMessage({ id: 'app.document.title' });
  }, [language, intl]);
  return null;
}

/**
 * The site's language and its messages, already loaded (site-messages.ts), so the first render is
 * whole and synchronous, in the browser and when pages are rendered at build time alike.
 */
export function LanguageProvider({
  language,
  messages,
  children,
}: {
  language: Language;
  messages: Messages;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState({ language, messages });
  useEffect(() => publish(current), [current]);
  useEffect(() => {
    saveUnsavedPick();
    window.addEventListener('online', saveUnsavedPick);
    return () => window.removeEventListener('online', saveUnsavedPick);
  }, []);
  const show = useCallback(async (next: Language) => {
    rememberLanguage(next);
    const loaded = await siteMessagesIn(next);
    setCurrent({ language: next, messages: loaded });
  }, []);
  const choose = useCallback(
    async (next: Language) => {
      await show(next);
      saveToProfile(next);
    },
    [show],
  );
  const followProfile = useCallback(
    async (profileLanguage: Language | undefined) => {
      saveUnsavedPick();
      if (profileLanguage && !chosenLanguage()) await show(profileLanguage);
    },
    [show],
  );
  const state = useMemo(
    () => ({ language: current.language, choose, followProfile }),
    [current.language, choose, followProfile],
  );
  return (
    <LanguageContext value={state}>
      <IntlProvider
        locale={localeByLanguage[current.language]}
        defaultLocale={localeByLanguage.en}
        messages={current.messages}
      >
        <DocumentLanguage language={current.language} />
        {children}
      </IntlProvider>
    </LanguageContext>
  );
}
