import { type FormEvent, type Ref, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Contact } from '../../../common/contact.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';

// The public contact form keeps its own, lighter look rather than the account forms'.
const inputClassName =
  'mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 shadow-sm focus:border-red-500 aria-invalid:border-red-500';
const labelClassName = 'text-sm font-medium';

/** What the form's code (contact-form.tsx: react-hook-form, zod, the API) gives the markup. */
export interface ContactFormBinding {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  register: (name: keyof Contact) => UseFormRegisterReturn;
  errors: Partial<Record<keyof Contact, string>>;
  sending: boolean;
}

/** Before the form's code has come (web/features/home/get-in-touch.tsx). */
export interface EarlyForm {
  /** Send was pressed: it is made once the code has come. */
  sendAsked: boolean;
  /** The code could not be fetched. */
  failed: boolean;
  onSend: () => void;
}

/**
 * The home page's contact form as it looks, drawn by the page itself (and prerendered), without
 * its code: the fields take text at once, and a Send (the button, or Enter in a field) is never
 * the browser's own GET to this page: it asks for the code (`early`) and waits for `binding`
 * (web/features/home/get-in-touch.tsx loads it as the form nears the screen; decision 020).
 */
export function ContactFormView({
  binding,
  early,
  formRef,
}: {
  binding?: ContactFormBinding;
  early?: EarlyForm;
  formRef?: Ref<HTMLFormElement>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const sendEarly = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    early?.onSend();
  };
  const busy = binding ? binding.sending : Boolean(early?.sendAsked);

  // Each field's id, label, error and registration (or, before the code, its name).
  const field = (name: keyof Contact, label: string) => ({
    id: `${id}-${name}`,
    label,
    error: binding?.errors[name],
    ...(binding ? { field: binding.register(name) } : { name }),
    inputClassName,
    labelClassName,
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={binding?.onSubmit ?? sendEarly}
      className="grid gap-4 sm:grid-cols-2"
    >
      <TextField type="text" autoComplete="name" {...field('name', t('contact.name'))} />
      <TextField type="tel" autoComplete="tel" {...field('phone', t('contact.phone'))} />
      <TextField
        className="sm:col-span-2"
        type="email"
        autoComplete="email"
        {...field('email', t('contact.email'))}
      />
      <TextField className="sm:col-span-2" rows={5} {...field('message', t('contact.message'))} />
      <div className="sm:col-span-2">
        {early?.failed && !early.sendAsked && (
          <p role="alert" className="mb-3 text-sm text-red-700">
            {t('contact.codeFailed')}
          </p>
        )}
        {/* Never disabled while waiting for the code: a press then is kept (aria-busy says so). */}
        <button
          type="submit"
          className={primaryButton}
          disabled={binding?.sending}
          aria-busy={busy || undefined}
        >
          {busy ? t('contact.sending') : t('contact.submit')}
        </button>
      </div>
    </form>
  );
}
