import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { OrgContact } from '../../components/org-contact.tsx';
import { Spinner } from '../../components/spinner.tsx';

// The form brings zod, react-hook-form and SweetAlert2; loading it apart keeps them out of the
// first download, so the hero shows sooner on a slow phone. Its strings are in en.json (the home
// page draws it), so it needs none of the other screens' (web/lib/i18n.ts).
const ContactForm = lazy(() =>
  import('../contact/contact-form.tsx').then((module) => ({ default: module.ContactForm })),
);

export function GetInTouch() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="contact-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="contact-title" className="text-center text-3xl font-bold">
        {t('home.contact.title')}
      </h2>
      <p className="mx-auto mt-2 max-w-2xl text-center text-gray-600">{t('home.contact.intro')}</p>
      <div className="mt-10 grid gap-10 lg:grid-cols-5">
        {/* red-700, not 600: red-50 text on red-600 is 4.36:1, under WCAG AA's 4.5. */}
        <div className="rounded-xl bg-red-700 p-6 text-red-50 lg:col-span-2 lg:self-start">
          <h3 className="mb-4 text-xl font-semibold text-white">
            {t('home.contact.detailsTitle')}
          </h3>
          <OrgContact linkClassName="underline underline-offset-4 hover:text-white" />
        </div>
        <div className="lg:col-span-3">
          <h3 className="sr-only">{t('home.contact.formTitle')}</h3>
          <Suspense fallback={<Spinner />}>
            <ContactForm />
          </Suspense>
        </div>
      </div>
    </section>
  );
}
