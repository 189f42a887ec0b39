import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OrgContact } from '../../components/org-contact.tsx';
import { ContactFormView } from '../contact/contact-form-view.tsx';
import { type TypedSoFar, typedSoFar } from '../contact/typed-so-far.ts';

type ContactFormCode = ComponentType<{ typed: TypedSoFar; sendNow: boolean }>;

/**
 * How near the screen the form may come before its code is fetched: about a phone screen's
 * height, so the code is there before anyone reaches the form by scrolling.
 */
const LOAD_MARGIN = '800px 0px';

/**
 * The contact form brings zod, react-hook-form and SweetAlert2 (about 35 KB of gzip JavaScript).
 * The page draws the form's markup itself and fetches that code only when the form nears the
 * screen, someone focuses or touches it, or presses Send, so a visitor who never scrolls down
 * never downloads it (decision 020). A Send pressed before the code has come is kept and made
 * once it has (CI stop 33 and the walk of issue 30: a button that waited, disabled, for code that
 * never came left a visitor with no way on). If the code cannot be fetched, the form says so, and
 * the next touch or Send asks again. Its strings are in en.json (the home page draws it).
 */
function ContactFormOnDemand() {
  // The form element as state, not a ref, so the effect below runs again once the element is
  // there: taken over in a later hydration step (HydrateLater), the effect can run before a ref
  // is set (once the code was never fetched that way, 1 in 150 browser runs).
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const [code, setCode] = useState<{ Form: ContactFormCode } | null>(null);
  const [sendAsked, setSendAsked] = useState(false);
  const [failed, setFailed] = useState(false);
  const typed = useRef<TypedSoFar | null>(null);
  const loading = useRef(false);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    // `failed` stays until the answer: hiding its message now would move the button from under
    // a press that started this load (its click then lands beside it).
    import('../contact/contact-form.tsx').then(
      (module) => {
        setFailed(false);
        setCode({ Form: module.ContactForm });
      },
      () => {
        // Offline, or the fetch failed: said in place; a Send pressed meanwhile is not made.
        loading.current = false;
        setFailed(true);
        setSendAsked(false);
      },
    );
  }, []);

  useEffect(() => {
    if (!form || code) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && load(),
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(form);
    form.addEventListener('focusin', load);
    form.addEventListener('pointerdown', load);
    return () => {
      observer.disconnect();
      form.removeEventListener('focusin', load);
      form.removeEventListener('pointerdown', load);
    };
  }, [form, code, load]);

  if (!code) {
    return (
      <ContactFormView
        formRef={setForm}
        early={{
          sendAsked,
          failed,
          onSend: () => {
            setSendAsked(true);
            load();
          },
        }}
      />
    );
  }
  // Read as the code takes over, in the same render that replaces the markup: nothing typed in
  // between can be missed.
  typed.current ??= typedSoFar(form);
  return <code.Form typed={typed.current} sendNow={sendAsked} />;
}

export function GetInTouch() {
  const { t } = useTranslation();
  return (
    <section id="contact" aria-labelledby="contact-title" className="mx-auto max-w-6xl px-4 py-16">
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
