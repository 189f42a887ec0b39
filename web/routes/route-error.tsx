import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { primaryButton } from '../components/button-styles.ts';
import { OfflinePage } from '../components/offline-page.tsx';
import { isOffline, OfflineError } from '../lib/online.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { NotFound } from './not-found.tsx';

/** Shown inside the layout when a page or its loader fails, instead of React Router's bare screen. */
export function RouteError() {
  const error = useRouteError();
  // Offline, a page whose code or data was not kept fails to load: say so, not "went wrong".
  if (error instanceof OfflineError || isOffline()) return <OfflinePage />;
  return <RouteFailure />;
}

function RouteFailure() {
  const { t } = useTranslation();
  const error = useRouteError();
  usePageTitle(t('errors.title'));
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;

  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center"
    >
      <h1 className="text-3xl font-bold">{t('errors.title')}</h1>
      <p className="text-gray-600">{t('errors.generic')}</p>
      <button type="button" className={primaryButton} onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </section>
  );
}
