import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import type { Role } from '../../common/constants.ts';
import { primaryButton } from '../components/button-styles.ts';
import { Spinner } from '../components/spinner.tsx';
import { useSession } from '../features/auth/session.api.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** Who may open the staff pages (SPEC §2 menus, §6 roles); the keys name them in the message. */
export const PAGE_ROLES = {
  admin: ['admin'],
  staff: ['admin', 'volunteer'],
} as const satisfies Record<string, readonly Role[]>;

/**
 * The role guard of the staff pages: a layout route inside the dashboard (so behind the login
 * guard) that shows its pages only to the given roles. Anyone else keeps the dashboard and sees
 * plainly that the page is not for them, instead of a page whose every call would be refused.
 * The server checks the role on every call as well; this only spares the user that.
 */
export function RequireRole({ allow }: { allow: keyof typeof PAGE_ROLES }) {
  const { user, isLoading } = useSession();
  if (isLoading) return <Spinner className="py-20" />;
  const roles: readonly Role[] = PAGE_ROLES[allow];
  if (user && roles.includes(user.role)) return <Outlet />;
  return <NoAccess allow={allow} />;
}

function NoAccess({ allow }: { allow: keyof typeof PAGE_ROLES }) {
  const { t } = useTranslation();
  usePageTitle(t('noAccess.title'));
  return (
    <section
      role="alert"
      className="flex flex-col items-center gap-4 rounded-xl border border-gray-200 bg-white px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-bold text-gray-900">{t('noAccess.title')}</h1>
      <p className="max-w-md text-gray-600">
        {t('noAccess.text', { roles: t(`noAccess.roles.${allow}`) })}
      </p>
      <Link to="/dashboard" className={primaryButton}>
        {t('noAccess.dashboard')}
      </Link>
    </section>
  );
}
