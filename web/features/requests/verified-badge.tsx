import { useTranslation } from 'react-i18next';

/** The verified badge: staff checked this request. The text carries it; the tick repeats it. */
export function VerifiedBadge({ by }: { by?: string | null }) {
  const { t } = useTranslation();
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-800 ring-1 ring-emerald-200 ring-inset"
      title={by ? t('trust.verifiedBy', { name: by }) : t('trust.verifiedTitle')}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
        <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z" />
      </svg>
      {t('trust.verified')}
    </span>
  );
}
