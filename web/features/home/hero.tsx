import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Typewriter } from 'react-simple-typewriter';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * Whether the visitor asks for less motion. The prerendered page (built without a browser) has
 * the moving text; the browser switches after taking the page over, so both first renders agree.
 */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

const noChange = () => () => {};

/**
 * Whether the app has taken the page over. The prerendered page (and hydration, which must match
 * it) says no: its headline holds the first phrase still, as text, because the typewriter starts
 * from nothing, and a slow phone showed a blank headline until the code came (issue 30 item 3).
 */
function useIsLive(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}

export function Hero() {
  const { t } = useTranslation();
  // People who ask for less motion get the first phrase, standing still.
  const prefersReducedMotion = usePrefersReducedMotion();
  const live = useIsLive();
  const phrases = [t('home.hero.phrase1'), t('home.hero.phrase2'), t('home.hero.phrase3')];

  return (
    <section className="bg-gradient-to-b from-red-50 to-white">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
        <h1 className="min-h-[2.5em] text-4xl font-extrabold tracking-tight text-gray-900 sm:min-h-[1.25em] sm:text-5xl">
          {/* The moving text is hidden from screen readers, which would otherwise read every letter. */}
          <span className="sr-only">{phrases.join('. ')}</span>
          <span aria-hidden="true" className="text-red-600">
            {prefersReducedMotion || !live ? (
              phrases[0]
            ) : (
              <Typewriter
                words={phrases}
                loop={0}
                cursor
                typeSpeed={80}
                deleteSpeed={50}
                delaySpeed={1500}
              />
            )}
          </span>
        </h1>
        <p className="max-w-2xl text-lg text-gray-600">{t('home.hero.lead')}</p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link to="/register" className={primaryButton}>
            {t('home.hero.joinDonor')}
          </Link>
          <Link to="/search-donor" className={secondaryButton}>
            {t('home.hero.searchDonors')}
          </Link>
        </div>
      </div>
    </section>
  );
}
