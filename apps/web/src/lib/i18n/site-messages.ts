import type { Language } from '@erti/contracts/languages';
import { loadMessages, loadNamespaces, type Messages } from './catalogues.ts';

type Load = (language: Language, namespaces: Iterable<string>) => Promise<Messages>;

/**
 * The messages the site has fetched (decision 120): the shell's namespaces, then each screen's as it
 * is first shown, in the site's language. One object, which the app's IntlProvider holds: a screen's
 * namespaces are added to it before that screen first renders (its load waits for them), so nothing
 * drawn changes and nothing needs drawing again, where a new object would redraw every text of the
 * page on each navigation.
 */
const site: { language?: Language; messages: Messages; namespaces: Set<string>; load: Load } = {
  messages: {},
  namespaces: new Set(),
  load: loadNamespaces,
};

/** Adds namespaces, once each, to the site's messages. */
async function add(namespaces: Iterable<string>): Promise<void> {
  const { language, messages } = site;
  const missing = [...namespaces].filter((namespace) => !site.namespaces.has(namespace));
  if (language === undefined || missing.length === 0) return;
  for (const namespace of missing) site.namespaces.add(namespace);
  try {
    Object.assign(messages, await site.load(language, missing));
  } catch (cause) {
    // Asked again by the next screen that needs them (offline now, maybe not then).
    for (const namespace of missing) site.namespaces.delete(namespace);
    throw cause;
  }
}

/**
 * The site's messages in `language`, starting with `namespaces`; `load` is the pseudo-locale's in a
 * build made for the catalogue checks (main.tsx). The object is the site's from now on, filled in
 * as its namespaces arrive.
 */
export async function startSiteMessages(
  language: Language,
  namespaces: string[],
  load: Load = loadNamespaces,
): Promise<Messages> {
  Object.assign(site, { language, messages: {}, namespaces: new Set(), load });
  const { messages } = site;
  await add(namespaces);
  return messages;
}

/**
 * Fetches the namespaces a screen reads, unless the site has them already. Before the site's
 * messages are started (a component test, the build's prerendering, which loads every namespace)
 * there is nothing to do.
 */
export const showNamespaces = (namespaces: string[]): Promise<void> => add(namespaces);

/**
 * The site's messages in another language: every namespace shown so far (and any on its way), fetched
 * in it. Before the site's messages are started (a component test), every namespace.
 */
export async function siteMessagesIn(language: Language): Promise<Messages> {
  if (site.language === undefined) return loadMessages(language);
  const messages = await site.load(language, site.namespaces);
  Object.assign(site, { language, messages });
  return messages;
}
