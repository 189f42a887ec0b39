import { useTranslation } from 'react-i18next';
import { secondaryButton } from './button-styles.ts';

/** Previous / Next with "Page x of y", for the paged lists (DESIGN §1: 20 per page). */
export function Pagination({
  page,
  pages,
  onPageChange,
  disabled = false,
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav
      aria-label={t('pagination.label')}
      className="flex items-center justify-between gap-3 pt-4"
    >
      <button
        type="button"
        className={secondaryButton}
        disabled={disabled || page <= 1}
        onClick={() => onPageChange(Math.max(1, Math.min(page - 1, pages)))}
      >
        {t('pagination.previous')}
      </button>
      <p className="text-sm text-gray-700" aria-live="polite">
        {t('pagination.page', { page, pages: Math.max(pages, 1) })}
      </p>
      <button
        type="button"
        className={secondaryButton}
        disabled={disabled || page >= pages}
        onClick={() => onPageChange(page + 1)}
      >
        {t('pagination.next')}
      </button>
    </nav>
  );
}

/** Pages needed for `total` items at `pageSize` a page (at least 1). */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

/** `?page=` from the URL: a whole number from 1, else 1. */
export function readPage(value: string | null) {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}
