import { useIntl } from 'react-intl';
import { type Tone, toneClasses } from '../model/view.ts';

/** A status as the api sends it (COMPLETED, PENDING, ...) or, given `labelId`, in the site's words. */
export function StatusBadge({ label, labelId, tone }: { label: string; labelId?: string; tone: Tone }) {
  const { formatMessage } = useIntl();
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${toneClasses[tone]}`}>
      {labelId ? formatMessage({ id: labelId }) : label}
    </span>
  );
}
