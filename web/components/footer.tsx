import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DropIcon } from './drop-icon.tsx';
import { OrgContact } from './org-contact.tsx';

// Targets as SPEC §2 gives them; /search-page is redirected to /search-donor by the router.
const groups = [
  {
    title: 'footer.explore',
    links: [
      { to: '/', key: 'footer.home' },
      { to: '/', key: 'footer.about' },
      { to: '/', key: 'footer.faq' },
      { to: '/', key: 'footer.contactLink' },
    ],
  },
  {
    title: 'footer.services',
    links: [
      { to: '/search-page', key: 'footer.findDonors' },
      { to: '/dashboard/my-donation-requests', key: 'footer.requestBlood' },
      { to: '/blogs', key: 'footer.blog' },
      // Issue 29: outcomes, measured and published.
      { to: '/impact', key: 'footer.impact' },
    ],
  },
  {
    title: 'footer.legal',
    links: [
      // Issue 31: the privacy notice (SPEC §2 pointed it to /; decision 040).
      { to: '/privacy', key: 'footer.privacy' },
      { to: '/', key: 'footer.terms' },
    ],
  },
] as const;

function Heading({ children }: { children: ReactNode }) {
  return (
    <h2 className="mb-3 text-sm font-semibold uppercase tracking-wide text-white">{children}</h2>
  );
}

/**
 * This year. The first render says the build's year, as the prerendered page does (vite.config.ts
 * sets it), so the browser takes that page over as it is; then the browser's own clock.
 */
function useYear(): number {
  const [year, setYear] = useState<number>(
    Number(import.meta.env.BUILD_YEAR) || new Date().getFullYear(),
  );
  useEffect(() => setYear(new Date().getFullYear()), []);
  return year;
}

/**
 * "© <year>2026</year> RedHope…": one sentence to translate, the year marked inside it. Split
 * here rather than with react-i18next's <Trans>, whose HTML parser would be 5 KB gzip more on
 * every page's first load for this one line (tests/e2e/bundle-budget.spec.ts).
 */
function Copyright({ year }: { year: number }) {
  const { t } = useTranslation();
  const [before, inside, after] = t('footer.copyright', { year }).split(/<\/?year>/);
  return (
    <>
      {before}
      <span data-testid="footer-year">{inside}</span>
      {after}
    </>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const year = useYear();

  return (
    <footer className="bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <p className="mb-3 flex items-center gap-2 text-xl font-bold text-white">
            <DropIcon className="size-7 text-red-500" />
            {t('app.name')}
          </p>
          <p className="text-sm leading-relaxed">{t('footer.tagline')}</p>
        </div>

        <nav
          aria-label={t('footer.label')}
          className="grid gap-8 sm:col-span-2 sm:grid-cols-3 lg:col-span-3"
        >
          {groups.map((group) => (
            <div key={group.title}>
              <Heading>{t(group.title)}</Heading>
              <ul className="space-y-2 text-sm">
                {group.links.map((link) => (
                  <li key={link.key}>
                    <Link to={link.to} className="hover:text-white hover:underline">
                      {t(link.key)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>

        <div>
          <Heading>{t('footer.contact')}</Heading>
          <OrgContact className="text-sm" linkClassName="hover:text-white hover:underline" />
        </div>
      </div>
      <p className="border-t border-gray-800 px-4 py-5 text-center text-xs text-gray-400">
        <Copyright year={year} />
      </p>
    </footer>
  );
}
