import { useIntl } from 'react-intl';

type SpinnerProps =
  | { label?: string; decorative?: false }
  /**
   * Inside a button: only the wheel, hidden from assistive technology, so the button is named by
   * its visible words alone ('Deleting...', not 'Deleting your account Deleting...'). The button
   * says it is busy itself, with aria-busy.
   */
  | { decorative: true; label?: never };

/**
 * A small loading indicator. The status is named by `label` (role="status" takes no name from its
 * content), and the same words are its text so a live region reads them out.
 */
export function Spinner(props: SpinnerProps) {
  const { formatMessage } = useIntl();
  const wheel = (
    <span
      aria-hidden="true"
      className="h-5 w-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
    />
  );
  if (props.decorative) {
    return (
      <span aria-hidden="true" className="inline-flex items-center gap-2">
        {wheel}
      </span>
    );
  }
  const label = props.label ?? formatMessage({ id: 'app.spinner.loading' });
  return (
    <span role="status" aria-label={label} className="inline-flex items-center gap-2">
      {wheel}
      <span className="sr-only">{label}</span>
    </span>
  );
}
