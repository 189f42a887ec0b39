import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showOfflinePage } from '../lib/online.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { PUBLIC_PAGES } from '../sw/sw-rules.ts';
import { primaryButton } from './button-styles.ts';

/** The pages the service worker keeps (decision 022), named as the navigation names them. */
const LABELS = {
  '/': 'nav.home',
  '/blood-donation-request': 'nav.donationRequests',
  '/blogs': 'nav.blogs',
  '/search-donor': 'nav.searchDonor',
} as const satisfies Record<(typeof PUBLIC_PAGES)[number], string>;

function OfflinePages({ labelledBy }: { labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <ul aria-labelledby={labelledBy} className="flex flex-wrap justify-center gap-x-4 gap-y-2">
      {PUBLIC_PAGES.map((path) => (
        <li key={path}>
          <Link to={path} className="font-medium text-red-700 underline underline-offset-2">
            {t(LABELS[path])}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a page that needs the network shows offline, in the reader's language (issue 25): that
 * they are offline, and the pages that still open (the service worker's). `page` draws it as
 * the whole page (a route that could not load), otherwise as a block in place of a list.
 */
export function OfflineMessage({ page = false }: { page?: boolean }) {
  const { t } = useTranslation();
  const listId = useId();
  if (page) return <OfflinePage />;
  return (
    <div
      role="status"
      data-offline-message
      className="flex flex-col items-center gap-3 rounded-xl bg-amber-50 p-6 text-center text-amber-950"
    >
      <p>{t('offline.needsNetwork')}</p>
      <p id={listId}>{t('offline.available')}</p>
      <OfflinePages labelledBy={listId} />
    </div>
  );
}

function OfflinePage() {
  const { t } = useTranslation();
  const listId = useId();
  usePageTitle(t('offline.title'));
  // The notice under the navigation says a page is a saved copy; this one is not.
  useEffect(() => showOfflinePage(), []);
  return (
    <section
      role="alert"
      data-offline-message
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center"
    >
      <h1 className="text-3xl font-bold">{t('offline.title')}</h1>
      <p className="text-gray-700">{t('offline.text')}</p>
      <p id={listId} className="text-gray-700">
        {t('offline.available')}
      </p>
      <OfflinePages labelledBy={listId} />
      <button type="button" className={primaryButton} onClick={() => window.location.reload()}>
        {t('errors.retry')}
      </button>
    </section>
  );
}
