import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/i18n.ts';

const steps = ['register', 'find', 'donate', 'confirm'] as const;

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="how-title" className="text-center text-3xl font-bold">
        {t('home.steps.title')}
      </h2>
      <p className="mt-2 text-center text-gray-600">{t('home.steps.intro')}</p>
      <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step} className="rounded-xl border border-gray-200 p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-red-600 font-bold text-white"
            >
              {formatNumber(index + 1)}
            </span>
            <h3 className="mt-4 text-lg font-semibold">{t(`home.steps.${step}.title`)}</h3>
            <p className="mt-2 text-sm text-gray-600">{t(`home.steps.${step}.text`)}</p>
          </li>
        ))}
      </ol>
      {/* Issue 29: how fast families find donors, measured. */}
      <p className="mt-8 text-center">
        <Link to="/impact" className="font-semibold text-red-700 underline hover:text-red-800">
          {t('home.steps.impactLink')}
        </Link>
      </p>
    </section>
  );
}
