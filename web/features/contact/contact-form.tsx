import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Contact, contactSchema } from '../../../common/contact.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { ApiError } from '../../lib/api.ts';
import { dialog } from '../../lib/dialogs.ts';
import { useSendContact } from './contacts.api.ts';

const inputClass =
  'mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 shadow-sm focus:border-red-500 aria-invalid:border-red-500';

export function ContactForm() {
  const { t } = useTranslation();
  const id = useId();
  const sendContact = useSendContact();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Contact>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', phone: '', email: '', message: '' },
  });

  const onSubmit = (contact: Contact) =>
    sendContact.mutate(contact, {
      onSuccess: () => {
        reset();
        void dialog.fire({
          icon: 'success',
          title: t('contact.success'),
          timer: 2000,
          showConfirmButton: false,
        });
      },
      onError: (error) => {
        void dialog.fire({
          icon: 'error',
          title: t('errors.title'),
          text: error instanceof ApiError ? error.message : t('errors.generic'),
        });
      },
    });

  // Each field's id, its error's id, and the props that tie them together for screen readers.
  const field = (name: keyof Contact, error: FieldError | undefined) => ({
    id: `${id}-${name}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-${name}-error` : undefined,
    className: inputClass,
    ...register(name),
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          {t('contact.name')}
        </label>
        <input type="text" autoComplete="name" {...field('name', errors.name)} />
        <ErrorText id={`${id}-name-error`} error={errors.name} />
      </div>
      <div>
        <label htmlFor={`${id}-phone`} className="text-sm font-medium">
          {t('contact.phone')}
        </label>
        <input type="tel" autoComplete="tel" {...field('phone', errors.phone)} />
        <ErrorText id={`${id}-phone-error`} error={errors.phone} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          {t('contact.email')}
        </label>
        <input type="email" autoComplete="email" {...field('email', errors.email)} />
        <ErrorText id={`${id}-email-error`} error={errors.email} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-message`} className="text-sm font-medium">
          {t('contact.message')}
        </label>
        <textarea rows={5} {...field('message', errors.message)} />
        <ErrorText id={`${id}-message-error`} error={errors.message} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className={primaryButton} disabled={sendContact.isPending}>
          {sendContact.isPending ? t('contact.sending') : t('contact.submit')}
        </button>
      </div>
    </form>
  );
}

// The messages come from the shared schema (common/contact.schema.ts), worded as SPEC §5 says.
function ErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error.message}
    </p>
  );
}
