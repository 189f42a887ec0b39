import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIVACY_NOTICE_VERSION } from '../../../common/privacy-notice.ts';
import { localDigits } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** The notice's lists, by their keys in the locale files. */
const LISTS = {
  what: [
    'privacy.what.items.i1',
    'privacy.what.items.i2',
    'privacy.what.items.i3',
    'privacy.what.items.i4',
    'privacy.what.items.i5',
  ],
  who: [
    'privacy.who.items.i1',
    'privacy.who.items.i2',
    'privacy.who.items.i3',
    'privacy.who.items.i4',
  ],
  choices: [
    'privacy.choices.items.i1',
    'privacy.choices.items.i2',
    'privacy.choices.items.i3',
    'privacy.choices.items.i4',
  ],
} as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      <div className="mt-2 text-gray-800">{children}</div>
    </section>
  );
}

function Items({ section }: { section: keyof typeof LISTS }) {
  const { t } = useTranslation();
  return (
    <ul className="list-disc space-y-1 pl-6">
      {LISTS[section].map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
    </ul>
  );
}

/**
 * /privacy (issue 31, Bangladesh PDPO 2025): what RedHope keeps, why, who sees what, for how long
 * and the person's choices, in English and Bangla. The footer's Privacy Policy link and the
 * registration's consent box open it (decision 040). Prerendered like the other public pages.
 */
export function PrivacyPage() {
  const { t } = useTranslation();
  usePageTitle(t('privacy.title'));
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-gray-900">{t('privacy.title')}</h1>
      <p className="mt-2 text-sm text-gray-700" data-testid="privacy-version">
        {t('privacy.version', { version: localDigits(PRIVACY_NOTICE_VERSION) })}
      </p>
      <p className="mt-4 text-gray-800">{t('privacy.intro')}</p>
      <Section id="privacy-what" title={t('privacy.what.title')}>
        <Items section="what" />
      </Section>
      <Section id="privacy-why" title={t('privacy.why.title')}>
        <p>{t('privacy.why.text')}</p>
      </Section>
      <Section id="privacy-who" title={t('privacy.who.title')}>
        <Items section="who" />
      </Section>
      <Section id="privacy-how-long" title={t('privacy.howLong.title')}>
        <p>{t('privacy.howLong.text')}</p>
      </Section>
      <Section id="privacy-choices" title={t('privacy.choices.title')}>
        <Items section="choices" />
      </Section>
      <p className="mt-8 text-gray-800">{t('privacy.contact')}</p>
    </article>
  );
}
