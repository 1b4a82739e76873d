import { type Tone, toneClasses } from '../model/view.ts';

export function StatusBadge({ label, tone }: { label: string; tone: Tone }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${toneClasses[tone]}`}>
      {label}
    </span>
  );
}
