import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { Spinner } from '../../components/layout/spinner.tsx';
import { AccountMenu } from '../../features/accounts/components/account-menu.tsx';
import { ComplaintLinks } from '../../features/pages/components/navigation/complaint-links.tsx';
import { HoverMenu, navLinkClass } from '../../features/pages/components/navigation/hover-menu.tsx';
import { MobileMenu } from '../../features/pages/components/navigation/mobile-menu.tsx';
import { paths } from '../../lib/paths.ts';
import { withData } from '../../lib/with-data.tsx';

// The services mega menu (the whole catalogue) loads the first time it opens, not with every page.
// It reads the catalogue's billers, so the data layer comes with it (decision 096).
const loadServicesMenu = () =>
  withData(() =>
    import('../../features/pages/components/navigation/services-menu-panel.tsx').then(
      (module) => module.ServicesMenuPanel,
    ),
  );
const ServicesMenuPanel = lazy(async () => ({ default: await loadServicesMenu() }));

/**
 * The navigation bar: Home, Services (mega menu), About, Complaint (menu of its three tabs),
 * Contact, the language switch and the account area; narrower than their words need (`nav-row` in
 * index.css) the links fold into a toggle menu.
 */
export function NavBar() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const { formatMessage } = useIntl();
  return (
    <header className="relative z-30 border-b bg-white">
      <nav
        aria-label={formatMessage({ id: 'app.nav.label' })}
        className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3"
      >
        <Link
          to={paths.home}
          className="mr-auto flex shrink-0 items-center gap-2 text-xl font-bold whitespace-nowrap text-brand-700"
        >
          <img src="/logo.svg" alt="" width="32" height="32" />
          {/* Below 400 px the mark alone, so a long Login in Hindi or Tamil fits beside it. */}
          <span className="max-[399px]:sr-only">Erti Pay</span>
        </Link>
        <ul className="hidden items-center gap-1 nav-row:flex">
          <li>
            <NavLink to={paths.home} end className={navLinkClass}>
              {formatMessage({ id: 'app.nav.home' })}
            </NavLink>
          </li>
          <HoverMenu
            label={formatMessage({ id: 'app.nav.services' })}
            to={paths.services}
            onOpen={loadServicesMenu}
            fullWidth
          >
            <Suspense fallback={<Spinner label={formatMessage({ id: 'app.nav.loadingServices' })} />}>
              <ServicesMenuPanel />
            </Suspense>
          </HoverMenu>
          <li>
            <NavLink to={paths.about} className={navLinkClass}>
              {formatMessage({ id: 'app.nav.about' })}
            </NavLink>
          </li>
          <HoverMenu label={formatMessage({ id: 'app.nav.complaint' })} to={paths.complaint}>
            <ComplaintLinks />
          </HoverMenu>
          <li>
            <NavLink to={paths.contact} className={navLinkClass}>
              {formatMessage({ id: 'app.nav.contact' })}
            </NavLink>
          </li>
        </ul>
        <LanguageSwitch className="hidden nav-row:block" />
        <AccountMenu />
        <button
          type="button"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={formatMessage({ id: 'app.nav.menu' })}
          onClick={() => setMobileOpen(!mobileOpen)}
          className="rounded-md p-2 text-gray-700 focus-visible:outline-2 focus-visible:outline-brand-500 nav-row:hidden"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-6 w-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d={mobileOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} />
          </svg>
        </button>
      </nav>
      {mobileOpen && <MobileMenu id="mobile-menu" onNavigate={() => setMobileOpen(false)} />}
    </header>
  );
}
