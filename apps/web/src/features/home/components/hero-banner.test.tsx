import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@erti/contracts/languages';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadMessages } from '../../../lib/i18n/catalogues.ts';
import { LanguageProvider } from '../../../lib/i18n/language-provider.tsx';
import { festivalSlide, normalSlides } from '../banner-slides.ts';
import { HeroBanner } from './hero-banner.tsx';

const visibleSlide = () => document.querySelector('[aria-roledescription="slide"]:not([aria-hidden="true"])');

function renderBanner(slides = normalSlides) {
  return render(
    <MemoryRouter>
      <HeroBanner slides={slides} />
    </MemoryRouter>,
  );
}

async function renderBannerIn(language: Language) {
  render(
    <LanguageProvider language={language} messages={await loadMessages(language)}>
      <MemoryRouter>
        <HeroBanner slides={normalSlides} />
      </MemoryRouter>
    </LanguageProvider>,
  );
}

/** The link of the slide on show, named by the words drawn on it. */
const visibleLink = () => visibleSlide()?.querySelector('a');

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: reduce && query.includes('reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  preferReducedMotion(false);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('HeroBanner', () => {
  it('advances every 3 seconds and wraps around', () => {
    renderBanner();
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('1 of 4');
    act(() => vi.advanceTimersByTime(2999));
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('1 of 4');
    act(() => vi.advanceTimersByTime(1));
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('2 of 4');
    act(() => vi.advanceTimersByTime(9000));
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('1 of 4');
  });

  it('moves with the arrows', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('4 of 4');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('2 of 4');
  });

  it('stands still while hovered, and again rotates when the pointer leaves', () => {
    renderBanner();
    const banner = screen.getByRole('region', { name: 'Offers' });
    fireEvent.mouseEnter(banner);
    act(() => vi.advanceTimersByTime(10_000));
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('1 of 4');
    fireEvent.mouseLeave(banner);
    act(() => vi.advanceTimersByTime(3000));
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('2 of 4');
  });

  it('stands still for users who prefer reduced motion', () => {
    preferReducedMotion(true);
    renderBanner();
    act(() => vi.advanceTimersByTime(10_000));
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('1 of 4');
  });

  it('stops with the pause button', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Pause the banner' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play the banner' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(visibleSlide()?.getAttribute('aria-label')).toBe('1 of 4');
  });

  it('loads the first picture eagerly with high priority and the others lazily, with their sizes set', () => {
    renderBanner();
    const images = document.querySelectorAll('img');
    expect(images[0]?.getAttribute('loading')).toBe('eager');
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(images[1]?.getAttribute('loading')).toBe('lazy');
    for (const image of images) expect(image.getAttribute('width')).toBe('1200');
  });

  it("draws each slide's words as text over art that has none", () => {
    renderBanner();
    expect(visibleLink()?.textContent).toBe(
      'Recharge any mobile in secondsAll operators, every circle, the latest plansRecharge now',
    );
    expect(visibleLink()?.getAttribute('href')).toBe('/services/recharge/Mobile%20Prepaid');
    // The art is decorative: the words are the slide's name, not an alt text.
    for (const image of document.querySelectorAll('img')) expect(image.getAttribute('alt')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(screen.getByRole('link', { name: /^Electricity, water and gas bills, paid on time/ })).toBe(
      visibleLink(),
    );
  });

  it.each([...normalSlides, festivalSlide])('has no letters drawn in the art of $art', (slide) => {
    const svg = readFileSync(join(import.meta.dirname, '../../../../public', slide.art), 'utf8');
    // Figures such as "₹ 299" may stay: they read alike in every language.
    expect(svg).not.toMatch(/<text[^>]*>[^<]*\p{L}/u);
  });

  it.each([
    ['hi', 'किसी भी मोबाइल का रिचार्ज, सेकंडों में', 'अभी रिचार्ज करें', 'अगली स्लाइड'],
    ['ta', 'எந்த மொபைலையும் நொடிகளில் ரீசார்ஜ் செய்யுங்கள்', 'இப்போதே ரீசார்ஜ் செய்யுங்கள்', 'அடுத்த ஸ்லைடு'],
  ] as const)(
    'speaks %s: the headline, the call to action and the controls',
    async (language, title, action, next) => {
      await renderBannerIn(language);
      expect(visibleLink()?.textContent).toMatch(new RegExp(`^${title}.+${action}$`));
      expect(visibleLink()?.textContent).not.toMatch(/[A-Za-z]{4}/);
      expect(screen.getByRole('button', { name: next })).toBeTruthy();
    },
  );

  it('shows a single festival slide without controls', () => {
    renderBanner([festivalSlide]);
    expect(screen.getByRole('link', { name: /^Happy Ganesh Chaturthi.*Pay festival bills$/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
  });
});
