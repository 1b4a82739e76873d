import type { Plugin } from 'vite';
// By path: Vite loads its config with the workspace's packages left to Node, which runs no TypeScript.
import { LANGUAGES, scriptByLanguage, scriptFaces } from '../../../packages/contracts/src/languages.ts';

const MODULE = 'virtual:language-fonts.css';
/** Ends in .css so Vite treats it as a stylesheet (bundled and inlined with index.css). */
const RESOLVED = `\0${MODULE}`;

/** The generic families around a script's own faces: Tailwind's sans stack, with the emoji faces. */
const BEFORE = ['ui-sans-serif', 'system-ui'];
const AFTER = ['sans-serif', '"Apple Color Emoji"', '"Segoe UI Emoji"', '"Noto Color Emoji"'];

/**
 * The font stack of each language written in a script with faces of its own (contracts' `scriptFaces`,
 * decision 127): a rule `html:lang(hi)` whose `font-family` names "Noto Sans Devanagari" and the
 * rest of Devanagari's faces first, so a device never falls back to a face without the letters.
 */
export function languageFontsCss(): string {
  return LANGUAGES.flatMap((language) => {
    const faces = scriptFaces[scriptByLanguage[language]].map((face) => `"${face}"`);
    if (faces.length === 0) return [];
    return [`html:lang(${language}) {\n  font-family: ${[...BEFORE, ...faces, ...AFTER].join(', ')};\n}\n`];
  }).join('\n');
}

/** `import 'virtual:language-fonts.css'` (main.tsx): the stylesheet of {@link languageFontsCss}. */
export function languageFonts(): Plugin {
  return {
    name: 'erti-language-fonts',
    resolveId: (id) => (id === MODULE ? RESOLVED : null),
    load: (id) => (id === RESOLVED ? languageFontsCss() : null),
  };
}
