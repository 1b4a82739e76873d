/** A quiet note under a field whose list did not load, with a way to try again. */
export function RetryNote({ what, onRetry }: { what: string; onRetry(): void }) {
  return (
    <p className="mt-1 text-sm text-gray-700">
      We could not load the {what}.{' '}
      <button
        type="button"
        onClick={onRetry}
        className="font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        Try again
      </button>
    </p>
  );
}
