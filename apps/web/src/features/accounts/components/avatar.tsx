/** The profile picture, or a default person icon when there is none. */
export function Avatar({ pic, size, label }: { pic?: string | null; size: number; label: string }) {
  if (pic) {
    return (
      <img
        src={pic}
        alt={label}
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      className="rounded-full bg-brand-50 text-brand-700"
      fill="currentColor"
    >
      <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4 0-8 2-8 5v1h16v-1c0-3-4-5-8-5Z" />
    </svg>
  );
}
