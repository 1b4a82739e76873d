import { LANGUAGES, type Language, languageNames } from '@erti/contracts/languages';
import { type RefObject, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useLanguage } from '../../../lib/i18n/language-provider.tsx';

const SEEN_KEY = 'ertiPromoVideoSeen';

/** The captions' address in each language: its folder's `holi-promo.vtt` (decision 127), as the build names it. */
const captions = new Map(
  Object.entries(
    import.meta.glob<string>('../../../locales/*/holi-promo.vtt', {
      query: '?url&no-inline',
      import: 'default',
      eager: true,
    }),
  ).map(([path, url]) => [path.split('/').at(-2), url]),
);

/**
 * Shows the captions of the page's language, also after a switch: a track's `default` counts only
 * when the video first loads.
 */
function useCaptionsIn(video: RefObject<HTMLVideoElement | null>, language: Language): void {
  useEffect(() => {
    for (const track of Array.from(video.current?.textTracks ?? [])) {
      track.mode = track.language === language ? 'showing' : 'disabled';
    }
  }, [video, language]);
}

/**
 * The promo video in a modal dialog (a native <dialog>: focus stays inside, Escape closes). It closes
 * on its close button or a click on the overlay around it, and opens once per visit.
 */
export function PromoVideoDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const { language } = useLanguage();
  useCaptionsIn(video, language);

  useEffect(() => {
    if (sessionStorage.getItem(SEEN_KEY)) return;
    sessionStorage.setItem(SEEN_KEY, '1');
    dialog.current?.showModal();
  }, []);

  const close = () => dialog.current?.close();
  const { formatMessage } = useIntl();

  return (
    <dialog
      ref={dialog}
      aria-labelledby="promo-video-title"
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the overlay.
        if (event.target === event.currentTarget) close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      onClose={() => video.current?.pause()}
      className="m-auto w-[min(40rem,92vw)] rounded-2xl p-0 backdrop:bg-black/60"
    >
      <div className="flex items-center justify-between px-4 py-3">
        <h2 id="promo-video-title" className="text-lg font-semibold text-brand-700">
          {formatMessage({ id: 'home.promoVideo.title' })}
        </h2>
        <button
          type="button"
          onClick={close}
          aria-label={formatMessage({ id: 'home.promoVideo.close' })}
          className="rounded-full p-1 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <video
        ref={video}
        src="/media/holi-promo.webm"
        poster="/media/holi-promo-poster.svg"
        width="640"
        height="360"
        controls
        muted
        autoPlay
        playsInline
        className="block h-auto w-full bg-black"
      >
        {/* The picture and the poster carry no words: the title above and these captions do. */}
        {LANGUAGES.map((captionLanguage) => (
          <track
            key={captionLanguage}
            kind="captions"
            src={captions.get(captionLanguage)}
            srcLang={captionLanguage}
            label={languageNames[captionLanguage]}
            default={captionLanguage === language}
          />
        ))}
      </video>
    </dialog>
  );
}
