import { useTranslation } from 'react-i18next';

/** A loading indicator announced politely to screen readers. */
export function Spinner({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={`flex justify-center p-6 ${className}`}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-red-100 border-t-red-600 motion-reduce:animate-none"
      />
      <span className="sr-only">{t('app.loading')}</span>
    </div>
  );
}
