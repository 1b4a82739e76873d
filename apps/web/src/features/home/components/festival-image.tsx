import { useIntl } from 'react-intl';
/** The festival greeting shown during its window (the spec's January festival: Pongal and Makar Sankranti). */
export function FestivalImage() {
  const { formatMessage } = useIntl();
  return (
    <figure className="overflow-hidden rounded-2xl">
      <img
        src="/images/festival/pongal.svg"
        alt={formatMessage({ id: 'home.festival.pongal' })}
        width="1200"
        height="300"
        loading="lazy"
        className="h-auto w-full"
      />
    </figure>
  );
}
