import { BANNER_ADVANCE_MS } from '@erti/contracts/constants';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BANNER_HEIGHT, BANNER_WIDTH, type BannerSlide } from '../banner-slides.ts';
import { ArtWithWords, wordSizes } from './art-with-words.tsx';
import { useReducedMotion } from './use-reduced-motion.ts';

/**
 * The arrows sit over the slide from the small breakpoint up; on a phone they would cover the
 * slide's words, so they flank the slide picker below it instead (one grid, two placements).
 */
const controlClass =
  'relative z-10 rounded-full bg-white/90 p-2 text-brand-700 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-500';

function Arrow({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
    >
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

/** A slide's art with its headline, line and call to action in the page's language. */
function SlideWords({ slide, eager }: { slide: BannerSlide; eager: boolean }) {
  const { formatMessage } = useIntl();
  return (
    <ArtWithWords
      art={slide.art}
      width={BANNER_WIDTH}
      height={BANNER_HEIGHT}
      eager={eager}
      shape="aspect-[3/2] sm:aspect-[3/1]"
    >
      <span className={`${wordSizes.title} text-white`}>{formatMessage({ id: slide.title })}</span>
      <span className={`${wordSizes.text} text-white/85`}>{formatMessage({ id: slide.text })}</span>
      <span className={`${wordSizes.action} ${slide.actionClass}`}>
        {formatMessage({ id: slide.action })}
      </span>
    </ArtWithWords>
  );
}

/**
 * The rotating banner (the APG carousel pattern): advances every 3 s, with previous/next arrows, a
 * slide picker and a pause button. It stands still while the pointer or keyboard focus is on it, when
 * the user prefers reduced motion, and when paused; then it announces slide changes politely.
 */
export function HeroBanner({ slides }: { slides: BannerSlide[] }) {
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = useReducedMotion();
  const { formatMessage } = useIntl();
  const count = slides.length;
  const current = active % count;
  const rotating = count > 1 && !hovered && !focused && !stopped && !reducedMotion;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setActive((index) => (index + 1) % count), BANNER_ADVANCE_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  const step = (by: number) => setActive((current + by + count) % count);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={formatMessage({ id: 'home.banner.label' })}
      className="grid grid-cols-[auto_1fr_auto] items-center gap-y-3"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {/* The slides share one grid cell: the banner is as tall as the tallest slide in this language. */}
      <div
        aria-live={rotating ? 'off' : 'polite'}
        className="col-[1/-1] row-start-1 grid grid-cols-1 overflow-hidden rounded-2xl bg-brand-50"
      >
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a group; a fieldset is for form controls.
          <div
            key={slide.art}
            role="group"
            aria-roledescription="slide"
            aria-label={formatMessage({ id: 'home.banner.slide' }, { number: index + 1, count })}
            aria-hidden={index !== current}
            inert={index !== current}
            className={`grid grid-cols-1 [grid-area:1/1] transition-opacity duration-700 ${index === current ? 'opacity-100' : 'opacity-0'}`}
          >
            <Link
              to={slide.href}
              className="grid grid-cols-1 focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-brand-500"
            >
              <SlideWords slide={slide} eager={index === 0} />
            </Link>
          </div>
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            aria-label={formatMessage({ id: 'home.banner.previous' })}
            onClick={() => step(-1)}
            className={`${controlClass} col-start-1 row-start-2 sm:row-start-1 sm:ml-3`}
          >
            <Arrow direction="left" />
          </button>
          <button
            type="button"
            aria-label={formatMessage({ id: 'home.banner.next' })}
            onClick={() => step(1)}
            className={`${controlClass} col-start-3 row-start-2 sm:row-start-1 sm:mr-3`}
          >
            <Arrow direction="right" />
          </button>
          <div className="col-start-2 row-start-2 flex items-center justify-center gap-2 sm:col-[1/-1]">
            <button
              type="button"
              onClick={() => setStopped(!stopped)}
              className="mr-2 rounded px-2 py-0.5 text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              {formatMessage(
                { id: stopped ? 'home.banner.play' : 'home.banner.pause' },
                { hidden: (chunks) => <span className="sr-only">{chunks}</span> },
              )}
            </button>
            {slides.map((slide, index) => (
              <button
                key={slide.art}
                type="button"
                aria-label={formatMessage({ id: 'home.banner.showSlide' }, { number: index + 1 })}
                aria-current={index === current}
                onClick={() => setActive(index)}
                className={`h-2.5 rounded-full transition-all focus-visible:outline-2 focus-visible:outline-brand-500 ${
                  index === current ? 'w-6 bg-brand-700' : 'w-2.5 bg-gray-400 hover:bg-brand-500'
                }`}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
