import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

  it('loads the first image eagerly with high priority and the others lazily, with their sizes set', () => {
    renderBanner();
    const images = document.querySelectorAll('img');
    expect(images[0]?.getAttribute('loading')).toBe('eager');
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    expect(images[1]?.getAttribute('loading')).toBe('lazy');
    for (const image of images) expect(image.getAttribute('width')).toBe('1200');
  });

  it('shows a single festival slide without controls', () => {
    renderBanner([festivalSlide]);
    expect(screen.getByRole('img', { name: /Ganesh Chaturthi/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
  });
});
