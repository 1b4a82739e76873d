import { Link, NavLink } from 'react-router';
import { paths } from '../../../../lib/paths.ts';
import { ComplaintLinks } from './complaint-links.tsx';

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium focus-visible:outline-2 focus-visible:outline-brand-500 ${
    isActive ? 'bg-brand-50 text-brand-700' : 'text-gray-700'
  }`;

/** The small-screen menu under the toggle: every link of the bar, the Complaint entries spelled out. */
export function MobileMenu({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  return (
    <div id={id} className="border-t bg-white px-4 py-3 md:hidden">
      <ul className="flex flex-col gap-1">
        <li>
          <NavLink to={paths.home} end className={mobileLinkClass} onClick={onNavigate}>
            Home
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.services} className={mobileLinkClass} onClick={onNavigate}>
            Services
          </NavLink>
        </li>
        <li>
          <NavLink to={paths.about} className={mobileLinkClass} onClick={onNavigate}>
            About
          </NavLink>
        </li>
        <li>
          <p className="px-3 pt-2 text-sm font-semibold text-gray-500">
            <Link to={paths.complaint} onClick={onNavigate}>
              Complaint
            </Link>
          </p>
          <div className="pl-3">
            <ComplaintLinks onNavigate={onNavigate} />
          </div>
        </li>
        <li>
          <NavLink to={paths.contact} className={mobileLinkClass} onClick={onNavigate}>
            Contact
          </NavLink>
        </li>
      </ul>
    </div>
  );
}
