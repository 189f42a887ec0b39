import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICON } from './menu-icon.ts';

/**
 * The phone's menu on the loading page (web/routes/app-loading.tsx, decision 046), where the
 * app's menu button cannot be: that button needs the app, and a slow phone may show the loading
 * page 10-20 s. A native disclosure instead: the browser opens and closes it (a tap, Enter or
 * Space on the summary) with no script, and tells a screen reader whether it is expanded. Its
 * look, place and name are the app's button's: "Open menu", "Close menu" once open (the shown
 * name is swapped by CSS, `group-open:`), the same icon. Hidden where the navbar shows its links
 * inline. The early script (common/early-taps.ts) holds taps on buttons only, so a tap on the
 * summary is not held; it closes this on Escape. When the app draws its page, this goes with the
 * loading page.
 */
export function LoadingMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <details className="group md:hidden">
      <summary className="block cursor-pointer list-none rounded-md p-1.5 text-gray-700 hover:bg-gray-100 sm:p-2 [&::-webkit-details-marker]:hidden">
        <span className="sr-only group-open:hidden">{t('nav.openMenu')}</span>
        <span className="sr-only hidden group-open:inline">{t('nav.closeMenu')}</span>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6" fill="none">
          <path
            className="group-open:hidden"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d={MENU_ICON.open}
          />
          <path
            className="hidden group-open:inline"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            d={MENU_ICON.close}
          />
        </svg>
      </summary>
      {/* Below the bar, as wide as it (the header is sticky, so it places this), over the page. */}
      <div className="absolute inset-x-0 top-full border-b border-gray-200 bg-white px-4 pb-3 pt-1">
        {children}
      </div>
    </details>
  );
}
