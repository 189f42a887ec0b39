import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import type { Role } from '../../../common/constants.ts';
import { DropIcon } from '../../components/drop-icon.tsx';
import { MENU_ICON } from '../../components/menu-icon.ts';
import { registerSideMenu, setSideMenuOpen, useSideMenu } from '../../components/side-menu.ts';
import { AccountMenu } from '../auth/account-menu.tsx';
import { useSession } from '../auth/session.api.ts';
import { TWO_FACTOR_PAGE, TwoFactorBanner } from '../auth/two-factor-banner.tsx';
import { NewMessagesBadge } from '../contact/new-messages-badge.tsx';

type MenuKey =
  | 'profile'
  | 'allUsers'
  | 'allDonationRequests'
  | 'myDonationRequests'
  | 'createDonationRequest'
  | 'contentManagement'
  | 'contactMessages'
  | 'reports'
  | 'auditLog'
  | 'twoFactor'
  | 'failedEmails'
  | 'home'
  | 'donationRequests'
  | 'searchDonor'
  | 'blogs';

interface MenuItem {
  key: MenuKey;
  to: string;
}

const item = {
  profile: { key: 'profile', to: '/dashboard/profile' },
  allUsers: { key: 'allUsers', to: '/dashboard/allUsers' },
  allDonationRequests: { key: 'allDonationRequests', to: '/dashboard/all-donation-requests' },
  myDonationRequests: { key: 'myDonationRequests', to: '/dashboard/my-donation-requests' },
  createDonationRequest: {
    key: 'createDonationRequest',
    to: '/dashboard/create-donation-request',
  },
  contentManagement: { key: 'contentManagement', to: '/dashboard/content-management' },
  contactMessages: { key: 'contactMessages', to: '/dashboard/contact-messages' },
  // Issue 14: the queue of reported requests (staff) and the audit log (admin).
  reports: { key: 'reports', to: '/dashboard/reports' },
  auditLog: { key: 'auditLog', to: '/dashboard/audit-log' },
  // Issue 25: two-step sign-in, which admins must have and volunteers may choose.
  twoFactor: { key: 'twoFactor', to: TWO_FACTOR_PAGE },
  // Issue 25: emails the outbox gave up on, to resend (admin).
  failedEmails: { key: 'failedEmails', to: '/dashboard/failed-emails' },
} satisfies Record<string, MenuItem>;

/** SPEC §2 "Menu by role", in the spec's order, and nothing else: the menu reads as specified. */
const MENUS: Record<Role, MenuItem[]> = {
  admin: [
    item.profile,
    item.allUsers,
    item.allDonationRequests,
    item.myDonationRequests,
    item.createDonationRequest,
    item.contentManagement,
  ],
  volunteer: [
    item.profile,
    item.allDonationRequests,
    item.myDonationRequests,
    item.createDonationRequest,
    item.contentManagement,
  ],
  donor: [item.profile, item.myDonationRequests, item.createDonationRequest],
};

/**
 * Staff pages the spec's menu does not name (the contact form's inbox, reported requests, the
 * audit log, two-step sign-in, failed emails), kept below the spec's items under their own
 * heading (decision 035).
 */
const STAFF_TOOLS: Record<Role, MenuItem[]> = {
  admin: [item.contactMessages, item.reports, item.auditLog, item.twoFactor, item.failedEmails],
  volunteer: [item.reports, item.twoFactor],
  donor: [],
};

/** Every role also gets these. */
const SITE_LINKS: MenuItem[] = [
  { key: 'home', to: '/' },
  { key: 'donationRequests', to: '/blood-donation-request' },
  { key: 'searchDonor', to: '/search-donor' },
];

/** The drawer stands in for the navbar's own menu on small screens, so it has all its links. */
const DRAWER_SITE_LINKS: MenuItem[] = [...SITE_LINKS, { key: 'blogs', to: '/blogs' }];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 ${
    isActive ? 'bg-red-600 text-white' : 'text-gray-700 hover:bg-red-50 hover:text-red-700'
  }`;

function MenuLinks({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-1">
      {items.map((link) => (
        <li key={link.key}>
          <NavLink to={link.to} className={linkClass}>
            {t(`dashboard.menu.${link.key}`)}
            {link.key === 'contactMessages' && <NewMessagesBadge />}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SidebarContent({ role, inDrawer = false }: { role: Role; inDrawer?: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const tools = STAFF_TOOLS[role];
  return (
    <>
      <Link
        to="/dashboard"
        className="mb-4 flex items-center gap-2 rounded-md px-3 py-2 text-lg font-bold text-gray-900 focus-visible:outline-2 focus-visible:outline-red-600"
      >
        <DropIcon className="size-6 text-red-600" />
        {t('dashboard.title')}
      </Link>
      <MenuLinks items={MENUS[role]} />
      {tools.length > 0 && (
        <section aria-labelledby={headingId} className="mt-4">
          <h2
            id={headingId}
            className="mb-1 px-3 text-xs font-semibold tracking-wide text-gray-600 uppercase"
          >
            {t('dashboard.menu.staffTools')}
          </h2>
          <MenuLinks items={tools} />
        </section>
      )}
      <hr className="my-4 border-gray-200" />
      <ul className="flex flex-col gap-1">
        {(inDrawer ? DRAWER_SITE_LINKS : SITE_LINKS).map((link) => (
          <li key={link.key}>
            <NavLink to={link.to} end={link.to === '/'} className={linkClass}>
              {t(`dashboard.menu.${link.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What Tab can reach in the drawer, in order: the closed account menu's items are in the
 * document but hidden, and counting them let Tab past the real last one out of the drawer.
 */
const tabbable = (root: HTMLElement | null) =>
  Array.from(root?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter(
    (element) => element.getClientRects().length > 0,
  );

/**
 * The dashboard's frame: a sidebar menu by role beside the page, lined up with the navbar above
 * (same width and margins). Below `lg` the sidebar hides; the navbar's menu button opens it as a
 * drawer over a dimmed page (SPEC §2), with the site's links and the account menu too, so a
 * small screen has one menu button (issue 17).
 */
export function DashboardLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const role: Role = user?.role ?? 'donor';
  const drawerId = useId();
  const { open } = useSideMenu();
  const drawerRef = useRef<HTMLDivElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const { pathname } = useLocation();

  useEffect(() => registerSideMenu(drawerId), [drawerId]);

  // Set while closing, so that focus going back to the menu button is not pulled back inside.
  const closingRef = useRef(false);
  const close = () => {
    closingRef.current = true;
    setSideMenuOpen(false);
    returnFocusRef.current?.focus();
  };

  // A chosen link closes the drawer (focus goes to the new page, not back to the button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => {
    setSideMenuOpen(false);
  }, [pathname]);

  // Opened: focus moves into the drawer, and the page behind does not scroll. Focus that gets
  // behind it all the same (a click on the dimmed page, a key the trap below did not see) is
  // brought back into it (issue 30).
  useEffect(() => {
    if (!open) return;
    closingRef.current = false;
    returnFocusRef.current = document.activeElement as HTMLElement | null;
    tabbable(drawerRef.current)[0]?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const keepFocusInside = (event: FocusEvent) => {
      const drawer = drawerRef.current;
      if (closingRef.current || !drawer || drawer.contains(event.target as Node)) return;
      tabbable(drawer)[0]?.focus();
    };
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('focusin', keepFocusInside);
    };
  }, [open]);

  // Escape closes; Tab stays inside the drawer while it is modal.
  const onDrawerKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = tabbable(drawerRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    // The navbar's frame on a dashboard page: max-w-7xl and px-4, so the sidebar starts where the
    // logo does. Wider than elsewhere: the tables need the room to fit as tables at 1280 px,
    // their words whole (issue 30 item 10, decision 043).
    <div className="mx-auto flex w-full max-w-7xl gap-6 px-4 py-6 lg:py-8">
      {/* Large screens: always there. */}
      <aside className="hidden w-56 shrink-0 lg:block">
        <nav
          aria-label={t('dashboard.navLabel')}
          className="sticky top-20 rounded-xl border border-gray-200 bg-white p-3"
        >
          <SidebarContent role={role} />
        </nav>
      </aside>

      {/* Small screens: a drawer over a dimmed page, opened from the navbar. */}
      <div id={drawerId} hidden={!open} className="fixed inset-0 z-50 lg:hidden">
        {open && (
          <>
            <button
              type="button"
              tabIndex={-1}
              aria-label={t('dashboard.closeMenu')}
              className="absolute inset-0 size-full cursor-default bg-gray-900/50"
              onClick={close}
            />
            <div
              ref={drawerRef}
              role="dialog"
              aria-modal="true"
              aria-label={t('dashboard.title')}
              onKeyDown={onDrawerKeyDown}
              className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col overflow-y-auto bg-white p-4 shadow-xl"
            >
              <button
                type="button"
                onClick={close}
                aria-label={t('dashboard.closeMenu')}
                className="mb-2 self-end rounded-md p-2 text-gray-600 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-red-600"
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5" fill="none">
                  <path
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    d={MENU_ICON.close}
                  />
                </svg>
              </button>
              <nav aria-label={t('dashboard.navLabel')}>
                <SidebarContent role={role} inDrawer />
              </nav>
              {user && (
                <div className="mt-4 border-t border-gray-200 pt-4">
                  <AccountMenu user={user} onNavigate={() => setSideMenuOpen(false)} />
                </div>
              )}
            </div>
          </>
        )}
      </div>

      <div className="min-w-0 flex-1">
        <TwoFactorBanner />
        <Outlet />
      </div>
    </div>
  );
}
