import { isLanguage, LANGUAGE_COOKIE, type Language, pickLanguage } from '@erti/contracts/languages';

/** The language the customer picked on this device (detected ones are not stored here). */
const CHOICE_KEY = 'erti_lang';
const ONE_YEAR_SECONDS = 31_536_000;

/** The language picked on this device, if the customer ever picked one. */
export function chosenLanguage(): Language | undefined {
  const stored = localStorage.getItem(CHOICE_KEY);
  return isLanguage(stored) ? stored : undefined;
}

/**
 * The language to open in: the device's choice, else the browser's preferences. Written to the
 * cookie either way, so the api answers this device's next requests (mails, errors) in it.
 */
export function deviceLanguage(): Language {
  const language = chosenLanguage() ?? pickLanguage(navigator.languages ?? [navigator.language]);
  writeLanguageCookie(language);
  return language;
}

/** Remembers the customer's pick on this device: storage for the site, the cookie for the api. */
export function rememberLanguage(language: Language): void {
  localStorage.setItem(CHOICE_KEY, language);
  writeLanguageCookie(language);
}

function writeLanguageCookie(language: Language): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie, written whole; the Cookie Store API is not in Safari 17
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** A pick the profile has not taken yet (the save failed: offline, the api down). */
const UNSAVED_KEY = 'erti_lang_unsaved';

export function unsavedLanguage(): Language | undefined {
  const stored = localStorage.getItem(UNSAVED_KEY);
  return isLanguage(stored) ? stored : undefined;
}

export function markLanguageUnsaved(language: Language | undefined): void {
  if (language) localStorage.setItem(UNSAVED_KEY, language);
  else localStorage.removeItem(UNSAVED_KEY);
}
