import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Contact, contactSchema } from '../../../common/contact.schema.ts';
import { ApiError } from '../../lib/api.ts';
import { dialog } from '../../lib/dialogs.ts';
import { ContactFormView } from './contact-form-view.tsx';
import { useSendContact } from './contacts.api.ts';
import type { TypedSoFar } from './typed-so-far.ts';

const EMPTY: Contact = { name: '', phone: '', email: '', message: '' };

/**
 * The contact form's code: validation by the shared schema, sending, the answer's dialog. It
 * takes over from the markup the page drew (ContactFormView) with what was typed there and
 * where the caret was, so arriving while someone types loses nothing.
 */
export function ContactForm({ typed, sendNow }: { typed: TypedSoFar; sendNow: boolean }) {
  const { t } = useTranslation();
  const sendContact = useSendContact();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Contact>({
    resolver: zodResolver(contactSchema),
    defaultValues: { ...EMPTY, ...typed.values },
  });

  // The field that had the focus in the page's markup has it here, the caret where it was, in the
  // same task as the swap: a key pressed before the focus came back went nowhere (the browser
  // tests lost a field's text that way). A layout effect, not an effect (a frame later), and the
  // element itself, not react-hook-form's setFocus (its ref may not be registered yet here).
  const formRef = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const { focused } = typed;
    if (!focused) return;
    const control = formRef.current?.elements.namedItem(focused.name);
    if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return;
    control.focus();
    if (focused.selection) control.setSelectionRange(...focused.selection);
  }, [typed]);

  // Send was pressed before this code came (get-in-touch.tsx): made now, once, through the same
  // validation as a press here.
  const sentOnArrival = useRef(false);
  useEffect(() => {
    if (!sendNow || sentOnArrival.current) return;
    sentOnArrival.current = true;
    formRef.current?.requestSubmit();
  }, [sendNow]);

  const onSubmit = (contact: Contact) =>
    sendContact.mutate(contact, {
      onSuccess: () => {
        reset(EMPTY);
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

  return (
    <ContactFormView
      formRef={formRef}
      binding={{
        onSubmit: handleSubmit(onSubmit),
        register,
        errors: {
          name: errors.name?.message,
          phone: errors.phone?.message,
          email: errors.email?.message,
          message: errors.message?.message,
        },
        sending: sendContact.isPending,
      }}
    />
  );
}
