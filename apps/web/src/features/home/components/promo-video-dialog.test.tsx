import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@erti/contracts/languages';
import { render } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../lib/i18n/catalogues.ts';
import { LanguageProvider } from '../../../lib/i18n/language-provider.tsx';
import { FestivalImage } from './festival-image.tsx';
import { PromoVideoDialog } from './promo-video-dialog.tsx';

const media = join(import.meta.dirname, '../../../../public/media');
const locales = join(import.meta.dirname, '../../../locales');
const captionsOf = (language: Language) => readFileSync(join(locales, language, 'holi-promo.vtt'), 'utf8');
const timingsOf = (vtt: string) => vtt.match(/^[\d:.]+ --> [\d:.]+$/gm);
const cueTextsOf = (vtt: string) =>
  vtt
    .split(/\n\n/)
    .slice(1)
    .map((cue) => cue.split('\n')[1]);

async function renderIn(language: Language, ui: React.ReactNode) {
  render(
    <LanguageProvider language={language} messages={await loadMessages(language)}>
      {ui}
    </LanguageProvider>,
  );
}

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
});

describe('the promo video', () => {
  it.each(LANGUAGES)(
    'offers captions in every language, showing %s ones on a page in it',
    async (language) => {
      sessionStorage.clear();
      await renderIn(language, <PromoVideoDialog />);
      const tracks = [...document.querySelectorAll('track')];
      expect(tracks.map((track) => track.getAttribute('srclang'))).toEqual([...LANGUAGES]);
      const shown = tracks.filter((track) => track.default);
      expect(shown.map((track) => track.getAttribute('src'))).toEqual([
        expect.stringMatching(new RegExp(`/locales/${language}/holi-promo\\.vtt\\b`)),
      ]);
      expect(tracks.every((track) => track.getAttribute('src'))).toBe(true);
    },
  );

  it.each(LANGUAGES)('has %s captions timed as the English ones, each cue in the language', (language) => {
    const vtt = captionsOf(language);
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(timingsOf(vtt)).toEqual(timingsOf(captionsOf('en')));
    const texts = cueTextsOf(vtt);
    expect(texts).toHaveLength(3);
    if (language !== 'en') {
      for (const [index, text] of texts.entries()) expect(text).not.toBe(cueTextsOf(captionsOf('en'))[index]);
    }
  });

  it('has a poster with no words drawn in it', () => {
    expect(readFileSync(join(media, 'holi-promo-poster.svg'), 'utf8')).not.toMatch(/<text/);
  });
});

describe('the festival image', () => {
  it('writes its greeting as text in the page language over text-free art', async () => {
    await renderIn('ta', <FestivalImage />);
    expect(document.body.textContent).toContain('பொங்கல் மற்றும் மகர சங்கராந்தி வாழ்த்துகள்');
    expect(document.querySelector('img')?.getAttribute('alt')).toBe('');
  });
});
