import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { returnState } from '../features/auth/return-path.ts';
import { useSession } from '../features/auth/session.api.ts';
import { drawingShell } from '../lib/drawing-shell.ts';
import { withScreenStrings } from '../lib/i18n.ts';
import { primaryButton } from './button-styles.ts';
import { DropIcon } from './drop-icon.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { LoadingMenu } from './loading-menu.tsx';
import { MENU_ICON } from './menu-icon.ts';
import { setSideMenuOpen, useSideMenu } from './side-menu.ts';

// Only a signed-in member has the menu (and its sign-out call): a visitor's first load skips it.
const AccountMenu = lazy(() =>
  withScreenStrings(import('../features/auth/account-menu.tsx')).then((m) => ({
    default: m.AccountMenu,
  })),
);
// The bell too: its API calls are for signed-in people only, not a visitor's first load.
const NotificationBell = lazy(() =>
  withScreenStrings(import('../features/notifications/notification-bell.tsx')).then((m) => ({
    default: m.NotificationBell,
  })),
);

const links = [
  { to: '/', key: 'nav.home' },
  { to: '/blood-donation-request', key: 'nav.donationRequests' },
  { to: '/search-donor', key: 'nav.searchDonor' },
  { to: '/blogs', key: 'nav.blogs' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-red-50 text-red-700' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900'
  }`;

export function Navbar() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { user, isLoading } = useSession();
  const location = useLocation();
  const close = () => setOpen(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  // On a page with its own menu (the dashboard) the button opens that instead: one menu button.
  const sideMenu = useSideMenu();
  const menuOpen = sideMenu.id ? sideMenu.open : open;
  // The dashboard's frame is wider (its tables fit at 1280 px, decision 043): the bar keeps to
  // it, so the sidebar still starts where the logo does.
  const frame = location.pathname.startsWith('/dashboard') ? 'max-w-7xl' : 'max-w-6xl';
  const linkList = (
    <ul className="flex flex-col gap-1 md:flex-row">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end={link.to === '/'} className={linkClass} onClick={close}>
            {t(link.key)}
          </NavLink>
        </li>
      ))}
    </ul>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <nav
        aria-label={t('nav.label')}
        className={`mx-auto flex ${frame} flex-wrap items-center justify-between gap-2 px-4 py-3`}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          // Closed from the keyboard: back to the button that opened it, not lost (issue 30).
          close();
          menuButtonRef.current?.focus();
        }}
      >
        <Link
          to="/"
          onClick={close}
          className="flex items-center gap-1.5 rounded-md text-lg font-bold text-gray-900 sm:gap-2 sm:text-xl"
        >
          <DropIcon className="size-6 text-red-600 sm:size-7" />
          {t('app.name')}
        </Link>

        {/* Beside the brand on small screens (the bell and the language in sight, not inside a
            menu); after the links on wide ones. Tighter on a phone, so a member's row (brand,
            bell, language, menu) fits 390 px in one row as a visitor's does (issue 30). */}
        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:order-last md:ml-0">
          {user?.email && (
            <Suspense fallback={null}>
              <NotificationBell className="inline-flex md:hidden" />
            </Suspense>
          )}
          <LanguageSwitch />
          {/* Not on the loading page: a button would do nothing until the app is live. There a
              native disclosure opens the same links with no script (decision 046). */}
          {drawingShell.value ? (
            <LoadingMenu>{linkList}</LoadingMenu>
          ) : (
            <button
              ref={menuButtonRef}
              type="button"
              className={`rounded-md p-1.5 text-gray-700 hover:bg-gray-100 sm:p-2 ${sideMenu.id ? 'lg:hidden' : 'md:hidden'}`}
              aria-expanded={menuOpen}
              aria-controls={sideMenu.id ?? menuId}
              aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
              onClick={() =>
                sideMenu.id ? setSideMenuOpen(!sideMenu.open) : setOpen((value) => !value)
              }
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill="none">
                <path
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  d={menuOpen ? MENU_ICON.close : MENU_ICON.open}
                />
              </svg>
            </button>
          )}
        </div>

        <div
          id={menuId}
          className={`${open && !sideMenu.id ? 'flex' : 'hidden'} w-full flex-col gap-2 pb-2 md:ml-auto md:flex md:w-auto md:flex-row md:items-center md:gap-6 md:pb-0`}
        >
          {linkList}
          {/* SPEC §2: signed in means the user record has an email. */}
          {user?.email ? (
            <div className="flex items-center gap-2">
              <Suspense fallback={<span aria-hidden="true" className="hidden size-10 md:block" />}>
                <NotificationBell onNavigate={close} className="hidden md:inline-flex" />
                <AccountMenu user={user} onNavigate={close} />
              </Suspense>
            </div>
          ) : isLoading ? (
            <span aria-hidden="true" className="hidden size-10 md:block" />
          ) : (
            <Link
              to="/login"
              state={returnState(location)}
              onClick={close}
              className={primaryButton}
            >
              {t('nav.login')}
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
