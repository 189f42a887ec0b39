import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The title the page being prerendered at build asked for (there is no document there), for
 * scripts/prerender.ts to write into that page's HTML.
 */
export const prerenderedTitle = { value: '' };

/** Names the browser tab "Title · RedHope" (just "RedHope" without a title) while a page shows. */
export function usePageTitle(title?: string) {
  const { t } = useTranslation();
  const appName = t('app.name');
  const full = title ? `${title} · ${appName}` : appName;
  if (typeof document === 'undefined') prerenderedTitle.value = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
