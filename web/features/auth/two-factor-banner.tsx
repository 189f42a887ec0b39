import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from './session.api.ts';

export const TWO_FACTOR_PAGE = '/dashboard/two-factor';

/**
 * Issue 25: an admin without two-step sign-in is refused every admin action by the server
 * (TWO_FACTOR_REQUIRED); this says so on every dashboard page, with the way to set it up.
 */
export function TwoFactorBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  if (user?.role !== 'admin' || user.twoFactorEnabled || pathname === TWO_FACTOR_PAGE) return null;
  return (
    <section
      aria-labelledby="two-factor-banner"
      className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="two-factor-banner" className="font-semibold">
        {t('twoFactor.bannerTitle')}
      </h2>
      <p className="mt-1 text-sm">{t('twoFactor.bannerText')}</p>
      <Link
        to={TWO_FACTOR_PAGE}
        className="mt-2 inline-block text-sm font-semibold text-red-800 underline hover:no-underline"
      >
        {t('twoFactor.bannerLink')}
      </Link>
    </section>
  );
}
