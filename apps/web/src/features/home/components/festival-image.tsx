import { useIntl } from 'react-intl';
import { ArtWithWords, wordSizes } from './art-with-words.tsx';

/** The festival greeting shown during its window (the spec's January festival: Pongal and Makar Sankranti). */
export function FestivalImage() {
  const { formatMessage } = useIntl();
  return (
    <div className="overflow-hidden rounded-2xl">
      <ArtWithWords
        art="/images/festival/pongal.svg"
        width={1200}
        height={300}
        shape="aspect-[2/1] sm:aspect-[4/1]"
      >
        <span className={`${wordSizes.title} text-amber-800`}>
          {formatMessage({ id: 'home.festival.pongal.title' })}
        </span>
        <span className={`${wordSizes.text} text-amber-950`}>
          {formatMessage({ id: 'home.festival.pongal.text' })}
        </span>
      </ArtWithWords>
    </div>
  );
}
