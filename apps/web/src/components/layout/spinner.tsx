/**
 * A small loading indicator. The status is named by `label` (role="status" takes no name from its
 * content), and the same words are its text so a live region reads them out.
 */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
