import { type ReactNode, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
    isActive ? 'text-brand-700' : 'text-gray-700 hover:text-brand-700'
  }`;

/**
 * A navigation item with a drop-down panel (the disclosure pattern): it opens on hover and with its
 * toggle button (Enter or Space), not when the link merely gets focus, so Tab walks past a closed
 * panel (the services menu alone holds thirty links) and into an open one. Escape closes it and
 * hands focus to the toggle; focus leaving the item closes it too. The pointer
 * over the item keeps it open: a click on the toggle of a panel that hovering has just opened must
 * not shut it under the pointer.
 */
export function HoverMenu(props: {
  label: string;
  to: string;
  children: ReactNode;
  onOpen?: () => void;
  /** Spans the whole header (a mega menu) instead of hanging under the item. */
  fullWidth?: boolean;
}) {
  const [hovered, setHovered] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const open = hovered || expanded;
  const panelId = useId();
  const { formatMessage } = useIntl();
  const toggle = useRef<HTMLButtonElement>(null);
  const show = (next: { hovered?: boolean; expanded?: boolean }) => {
    if (!open && (next.hovered || next.expanded)) props.onOpen?.();
    if (next.hovered !== undefined) setHovered(next.hovered);
    if (next.expanded !== undefined) setExpanded(next.expanded);
  };
  const close = () => show({ hovered: false, expanded: false });
  return (
    <li
      className={`${props.fullWidth ? '' : 'relative'} flex items-center`}
      onMouseEnter={() => show({ hovered: true })}
      onMouseLeave={close}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        close();
        toggle.current?.focus();
      }}
    >
      <NavLink to={props.to} className={navLinkClass}>
        {props.label}
      </NavLink>
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={formatMessage({ id: 'nav.hoverMenu.label' }, { menu: props.label })}
        onClick={() => show({ expanded: !expanded })}
        className="-ml-2 rounded-md p-1 text-gray-500 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className={`h-4 w-4 ${open ? 'rotate-180' : ''}`}>
          <path d="M5 7l5 6 5-6z" fill="currentColor" />
        </svg>
      </button>
      {open && (
        // The padding bridges the gap to the item, so the pointer can travel into the panel.
        <div
          id={panelId}
          className={`absolute z-40 ${props.fullWidth ? 'inset-x-0 top-[calc(100%-0.75rem)] px-4 pt-3' : 'top-full left-0 pt-2'}`}
        >
          <div
            className={`rounded-lg border border-gray-200 bg-white p-4 shadow-lg ${props.fullWidth ? 'mx-auto max-w-6xl' : ''}`}
          >
            {props.children}
          </div>
        </div>
      )}
    </li>
  );
}
