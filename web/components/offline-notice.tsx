import { useTranslation } from 'react-i18next';
import { useOffline, useOfflinePageShown } from '../lib/online.ts';

/**
 * Says plainly that the browser is offline and the page is the copy kept from the last visit
 * (issue 16 item 3: the public pages open from the service worker's cache). The prerendered page
 * and the browser's first render are drawn online, so both agree; the notice appears after.
 * A page that has no copy says so itself (OfflineMessage), and this one steps aside.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const offline = useOffline();
  const pageSaysSo = useOfflinePageShown();
  if (!offline || pageSaysSo) return null;
  return (
    <p
      role="status"
      data-offline-notice
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm font-medium text-amber-900"
    >
      {t('app.offline')}
    </p>
  );
}
