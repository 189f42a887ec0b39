import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';
import type en from '../locales/en.screens.json';

export type PageKey = keyof typeof en.pages;

/** Stands in for a screen that a later issue builds, and says so plainly. */
export function ComingSoon({ page }: { page: PageKey }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}`);
  usePageTitle(title);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-gray-900">{title}</h1>
      <p className="text-gray-600">{t('comingSoon.text')}</p>
      <Link to="/" className="font-medium text-red-700 underline-offset-4 hover:underline">
        {t('comingSoon.home')}
      </Link>
    </section>
  );
}
