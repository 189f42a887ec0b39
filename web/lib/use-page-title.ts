import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab "Title · RedHope" (just "RedHope" without a title) while a page shows. */
export function usePageTitle(title?: string) {
  const { t } = useTranslation();
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}
