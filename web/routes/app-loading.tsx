import { useTranslation } from 'react-i18next';

/** Where a reader may go while the app is still arriving: every one a real link. */
const WHILE_LOADING = [
  { href: '/', key: 'nav.home' },
  { href: '/blood-donation-request', key: 'nav.donationRequests' },
  { href: '/search-donor', key: 'nav.searchDonor' },
  { href: '/blogs', key: 'nav.blogs' },
] as const;

/**
 * What a page that is not prerendered (the dashboard, a form, a request's detail) shows before
 * its code has arrived (issue 30 item 3: on Slow 3G a dashboard link was 20 s of blank white).
 * Drawn at build into app.html and app.bn.html (scripts/prerender.ts), inside the site's own
 * navigation; the app draws the page over it once its code is here. It says what it is waiting
 * for, and offers the public pages as plain links, which work before any script has run (as
 * does the phone's menu there, a native disclosure: web/components/loading-menu.tsx).
 */
export function AppLoading() {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
      aria-busy="true"
      data-app-loading=""
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-red-100 border-t-red-600 motion-reduce:animate-none"
      />
      <div role="status" className="space-y-2">
        <h1 className="text-2xl font-bold text-gray-900">{t('shell.title')}</h1>
        <p className="text-gray-600">{t('shell.waiting')}</p>
      </div>
      <nav aria-label={t('shell.meanwhile')} className="mt-4 w-full">
        <p className="text-sm text-gray-600">{t('shell.meanwhile')}</p>
        <ul className="mt-2 flex flex-wrap justify-center gap-2">
          {WHILE_LOADING.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                className="inline-block rounded-md border border-gray-300 px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50"
              >
                {t(link.key)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
