import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrgContact } from '../../components/org-contact.tsx';
import { ContactFormView } from '../contact/contact-form-view.tsx';
import { type TypedSoFar, typedSoFar } from '../contact/typed-so-far.ts';

type ContactFormCode = ComponentType<{ typed: TypedSoFar }>;

/**
 * How near the screen the form may come before its code is fetched: about a phone screen's
 * height, so the code is there before anyone reaches the form by scrolling.
 */
const LOAD_MARGIN = '800px 0px';

/**
 * The contact form brings zod, react-hook-form and SweetAlert2 (about 35 KB of gzip JavaScript).
 * The page draws the form's markup itself and fetches that code only when the form nears the
 * screen, or someone focuses or touches it, so a visitor who never scrolls down never downloads
 * it (decision 020). Its strings are in en.json (the home page draws it).
 */
function ContactFormOnDemand() {
  // The form element as state, not a ref, so the effect below runs again once the element is
  // there. With a ref the code was once never fetched (the button stayed disabled, no request for
  // the code; 1 in 150 browser runs): taken over in a later hydration step (HydrateLater), the
  // effect can run before the ref is set, and it did not run again.
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const [code, setCode] = useState<{ Form: ContactFormCode } | null>(null);
  const typed = useRef<TypedSoFar | null>(null);

  useEffect(() => {
    if (!form || code) return;
    let stopped = false;
    const load = () => {
      stop();
      import('../contact/contact-form.tsx').then(
        (module) => !stopped && setCode({ Form: module.ContactForm }),
        // Offline: the form stays as drawn, and the next focus or touch asks again.
        () => !stopped && listen(),
      );
    };
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && load(),
      { rootMargin: LOAD_MARGIN },
    );
    const listen = () => {
      observer.observe(form);
      form.addEventListener('focusin', load);
      form.addEventListener('pointerdown', load);
    };
    const stop = () => {
      observer.disconnect();
      form.removeEventListener('focusin', load);
      form.removeEventListener('pointerdown', load);
    };
    listen();
    return () => {
      stopped = true;
      stop();
    };
  }, [form, code]);

  if (!code) return <ContactFormView formRef={setForm} />;
  // Read as the code takes over, in the same render that replaces the markup: nothing typed in
  // between can be missed.
  typed.current ??= typedSoFar(form);
  return <code.Form typed={typed.current} />;
}

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
          <ContactFormOnDemand />
        </div>
      </div>
    </section>
  );
}
