import { useTranslation } from 'react-i18next';

/**
 * The fixed notice on every request page (issue 14: the public list, a request, the form that
 * posts one): blood is given free; never pay.
 */
export function FreeBloodNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900"
    >
      {t('trust.notice')}
    </p>
  );
}
