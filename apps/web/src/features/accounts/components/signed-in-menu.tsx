import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useProfile } from '../api/get-profile.ts';
import { useLogOut } from '../api/log-out.ts';
import { Avatar } from './avatar.tsx';

const itemClass =
  'block w-full px-4 py-2 text-left text-gray-800 hover:bg-brand-50 focus:bg-brand-50 focus:outline-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700';

const menuItemsIn = (element: HTMLElement | null) => [
  ...(element?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []),
];

/** A menu button (WAI-ARIA pattern): arrows move, Escape closes, a click outside closes. */
export function SignedInMenu() {
  const profile = useProfile();
  const logOut = useLogOut();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = () => menuItemsIn(root.current);
  const { formatMessage } = useIntl();

  useEffect(() => {
    if (!open) return;
    menuItemsIn(root.current)[0]?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function moveFocus(event: KeyboardEvent) {
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: all.length - 1 }[event.key];
    if (event.key === 'Escape') {
      event.preventDefault();
      return close();
    }
    if (event.key === 'Tab') return setOpen(false);
    if (next === undefined) return;
    event.preventDefault();
    all[(next + all.length) % all.length]?.focus();
  }

  const select = () => setOpen(false);
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={formatMessage({ id: 'nav.accountMenu.label' })}
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        // A flex box, not a line of text: 40 px high like the signed-out links' row, so the navigation bar
        // keeps its height when the signed-in view comes in after hydration (decision 092).
        className="flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <Avatar pic={profile.data?.pic} size={40} label={formatMessage({ id: 'nav.accountMenu.picture' })} />
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={formatMessage({ id: 'nav.accountMenu.account' })}
          onKeyDown={moveFocus}
          className="absolute right-0 z-50 mt-2 w-48 overflow-hidden rounded-md border bg-white py-1 shadow-lg"
        >
          <Link role="menuitem" tabIndex={-1} to={paths.profile} onClick={select} className={itemClass}>
            {formatMessage({ id: 'nav.accountMenu.profile' })}
          </Link>
          <Link role="menuitem" tabIndex={-1} to={paths.txn} onClick={select} className={itemClass}>
            {formatMessage({ id: 'nav.accountMenu.transactions' })}
          </Link>
          <Link role="menuitem" tabIndex={-1} to={paths.myBills} onClick={select} className={itemClass}>
            {formatMessage({ id: 'nav.accountMenu.myBills' })}
          </Link>
          <Link role="menuitem" tabIndex={-1} to={paths.myComplaints} onClick={select} className={itemClass}>
            {formatMessage({ id: 'nav.accountMenu.myComplaints' })}
          </Link>
          {profile.data?.role === 'merchant' && (
            <Link role="menuitem" tabIndex={-1} to={paths.merchant} onClick={select} className={itemClass}>
              {formatMessage({ id: 'nav.accountMenu.merchant' })}
            </Link>
          )}
          <Link role="menuitem" tabIndex={-1} to={paths.deleteAccount} onClick={select} className={itemClass}>
            {formatMessage({ id: 'nav.accountMenu.deleteAccount' })}
          </Link>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            onClick={() => {
              select();
              logOut();
            }}
            className={itemClass}
          >
            {formatMessage({ id: 'nav.accountMenu.logout' })}
          </button>
        </div>
      )}
    </div>
  );
}
