import { createContext, useContext, useState } from 'react';
import { useIntl } from 'react-intl';
import { cutDescription, isLongDescription, needsViewMore } from '../rules/plan-rules.ts';

/**
 * Whether a description's View More button takes a Tab stop: in the plan table only the row that
 * holds the grid's Tab stop lets it, so Tab leaves the grid instead of visiting every row's button.
 */
export const InRowTabOrder = createContext(true);

/**
 * A plan description. In the table ('cut') one over 100 characters shows its first 100 and an
 * ellipsis; on cards ('clamp') it clamps to 2 lines once it runs over 20 words. Either way a
 * 'View More' / 'View Less' button expands it, without selecting the plan around it.
 */
export function PlanDescription({ text, mode }: { text: string; mode: 'cut' | 'clamp' }) {
  const { formatMessage } = useIntl();
  const [expanded, setExpanded] = useState(false);
  const inTabOrder = useContext(InRowTabOrder);
  const expandable = mode === 'cut' ? isLongDescription(text) : needsViewMore(text);
  if (!expandable) return <span>{text}</span>;
  const collapsedClass = mode === 'clamp' ? 'line-clamp-2' : '';
  return (
    <span className="block">
      <span className={expanded ? '' : collapsedClass}>
        {mode === 'cut' && !expanded ? cutDescription(text) : text}
      </span>{' '}
      <button
        type="button"
        tabIndex={inTabOrder ? undefined : -1}
        aria-expanded={expanded}
        onClick={(event) => {
          event.stopPropagation();
          setExpanded(!expanded);
        }}
        onKeyDown={(event) => event.stopPropagation()}
        className="text-sm font-medium text-brand-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {formatMessage({ id: expanded ? 'recharge.plans.viewLess' : 'recharge.plans.viewMore' })}
      </button>
    </span>
  );
}
