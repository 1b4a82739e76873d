import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '../../../../components/language-switch.tsx';
import { paths } from '../../../../lib/paths.ts';
import { useSession } from '../../../../lib/use-session.ts';
import { ComplaintLinks } from './complaint-links.tsx';

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
    isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-700'
  }`;

/** The small-screen menu under the toggle: every link of the bar, the Complaint entries spelled out,
 * Sign up for a visitor on a phone (the bar keeps only Login there), and the language switch. */
export function MobileMenu({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const { formatMessage } = useIntl();
  const session = useSession();
  return (
    <div id={id} className="border-t bg-white px-4 py-3 nav-row:hidden">
      <ul className="flex flex-col gap-1">
        <li>
          <NavLink to={paths.home} end className={mobileLinkClass} onClick={onNavigate}>
            {formatMessage({ id: 'app.nav.home' })}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.services} className={mobileLinkClass} onClick={onNavigate}>
            {formatMessage({ id: 'app.nav.services' })}
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.about} className={mobileLinkClass} onClick={onNavigate}>
            {formatMessage({ id: 'app.nav.about' })}
          </NavLink>
        </li>
        <li>
          <p className="px-3 pt-2 text-sm font-semibold text-gray-500">
            <Link to={paths.complaint} onClick={onNavigate}>
              {formatMessage({ id: 'app.nav.complaint' })}
            </Link>
          </p>
          <div className="pl-3">
            <ComplaintLinks onNavigate={onNavigate} />
          </div>
        </li>
        <li>
          <NavLink to={paths.contact} className={mobileLinkClass} onClick={onNavigate}>
            {formatMessage({ id: 'app.nav.contact' })}
          </NavLink>
        </li>
        {!session && (
          <li className="sm:hidden">
            <NavLink to={paths.signup} className={mobileLinkClass} onClick={onNavigate}>
              {formatMessage({ id: 'nav.accountMenu.signup' })}
            </NavLink>
          </li>
        )}
      </ul>
      <LanguageSwitch className="mt-3 px-3" />
    </div>
  );
}
