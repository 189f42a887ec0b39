import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Contact, contactSchema } from '../../../common/contact.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { TextField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { dialog } from '../../lib/dialogs.ts';
import { useSendContact } from './contacts.api.ts';

// The public contact form keeps its own, lighter look rather than the account forms'.
const inputClassName =
  'mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 shadow-sm focus:border-red-500 aria-invalid:border-red-500';
const labelClassName = 'text-sm font-medium';

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

  // Each field's id, label, error and registration, in the contact form's look.
  const field = (name: keyof Contact, label: string) => ({
    id: `${id}-${name}`,
    label,
    error: errors[name]?.message,
    field: register(name),
    inputClassName,
    labelClassName,
  });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
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
        <button type="submit" className={primaryButton} disabled={sendContact.isPending}>
          {sendContact.isPending ? t('contact.sending') : t('contact.submit')}
        </button>
      </div>
    </form>
  );
}
