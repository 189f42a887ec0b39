import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Footer } from '../components/footer.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { Navbar } from '../components/navbar.tsx';
import { OfflineNotice } from '../components/offline-notice.tsx';
import { ConsentGate } from '../features/privacy/consent-gate.tsx';
import { HydrateLater } from '../lib/hydrate-later.tsx';

/** SPEC §2: the login and register screens stand alone, without navigation or footer. */
const isBarePage = (pathname: string) =>
  pathname.includes('login') || pathname.includes('register');

export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const bare = isBarePage(pathname);

  return (
    <div className="relative flex min-h-dvh flex-col bg-white text-gray-900 antialiased">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-red-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      {!bare && <Navbar />}
      {/* The login and register screens have no navigation (SPEC §2), but the language can
          still be chosen there. Here rather than in their own code: one copy in the first load. */}
      {bare && (
        <div className="absolute top-3 right-4 z-10">
          <LanguageSwitch className="bg-white" />
        </div>
      )}
      <OfflineNotice />
      {/* At least a screen tall: the footer starts below the fold, so a list arriving after the
          page has drawn grows the page downwards instead of pushing a visible footer away. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        <Outlet />
      </main>
      {/* Below the first screen on every page: taken over in a later task (hydrate-later.tsx). */}
      {!bare && (
        <HydrateLater step={2}>
          <Footer />
        </HydrateLater>
      )}
      {/* Issue 31: someone who owes consent to the privacy notice is asked first. */}
      <ConsentGate />
      <ScrollRestoration />
    </div>
  );
}
