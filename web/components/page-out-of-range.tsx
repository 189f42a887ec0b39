import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { secondaryButton } from './button-styles.ts';

/** `?page=` of the address, when it names a page after the first; else null. */
export function pageOfAddress(search: string): number | null {
  const page = Number(new URLSearchParams(search).get('page'));
  return Number.isInteger(page) && page > 1 ? page : null;
}

/**
 * An old link to a page the list no longer has (`?page=9999`, issue 30): says so in words, with
 * the way to page 1 of the same list (its other filters kept), instead of a refusal and a Try
 * again that could never work.
 */
export function PageOutOfRange({ page }: { page: number }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const first = new URLSearchParams(search);
  first.set('page', '1');
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-gray-300 p-8 text-center">
      <p className="text-gray-700">{t('pagination.nothingHere', { page })}</p>
      <Link to={`${pathname}?${first}`} className={secondaryButton}>
        {t('pagination.firstPage')}
      </Link>
    </div>
  );
}
