import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';

/**
 * The pseudo-locale of the catalogue checks (decision 087): English with every letter accented and
 * every message bracketed, `⟦Ƥȧẏ ƀīŀŀ⟧`. A screen run in it shows at a glance any text that does not
 * come from a catalogue. Only a build with `VITE_PSEUDO_LOCALE=true` can reach it (`?pseudo`), never
 * a customer's.
 */
const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ';
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

const accented = [...ACCENTED];
export const accent = (text: string) =>
  text.replace(/[A-Za-z]/g, (letter) => accented[PLAIN.indexOf(letter)] ?? letter);

type Element = MessageFormatElement;

/** A message's tree with its literal text accented; arguments, plurals and tags keep their shape. */
function accentTree(elements: Element[]): Element[] {
  return elements.map((element): Element => {
    switch (element.type) {
      case TYPE.literal:
        return { ...element, value: accent(element.value) };
      case TYPE.select:
      case TYPE.plural:
        return {
          ...element,
          options: Object.fromEntries(
            Object.entries(element.options).map(([key, option]) => [
              key,
              { ...option, value: accentTree(option.value) },
            ]),
          ),
        } as Element;
      case TYPE.tag:
        return { ...element, children: accentTree(element.children) };
      default:
        return element;
    }
  });
}

const literal = (value: string): Element => ({ type: TYPE.literal, value });

/** The pseudo-locale from the English messages (compiled, as the build serves them). */
export function pseudoMessages(english: Record<string, Element[]>): Record<string, Element[]> {
  return Object.fromEntries(
    Object.entries(english).map(([id, message]) => [
      id,
      [literal(PSEUDO_OPEN), ...accentTree(message), literal(PSEUDO_CLOSE)],
    ]),
  );
}
