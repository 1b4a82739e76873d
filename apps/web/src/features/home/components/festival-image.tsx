/** The festival greeting shown during its window (the spec's January festival: Pongal and Makar Sankranti). */
export function FestivalImage() {
  return (
    <figure className="overflow-hidden rounded-2xl">
      <img
        src="/images/festival/pongal.svg"
        alt="Happy Pongal and Makar Sankranti from Erti Pay"
        width="1200"
        height="300"
        loading="lazy"
        className="h-auto w-full"
      />
    </figure>
  );
}
