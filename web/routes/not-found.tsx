import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { primaryButton } from '../components/button-styles.ts';
import { localDigits } from '../lib/i18n.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-red-600" aria-hidden="true">
        {localDigits('404')}
      </p>
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-gray-600">{t('notFound.text')}</p>
      <Link to="/" className={primaryButton}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
