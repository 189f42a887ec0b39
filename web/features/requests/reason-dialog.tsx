import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { describe, FieldErrorText, inputClass, labelClass } from '../../components/form-field.tsx';
import { Modal } from '../../components/modal.tsx';

/**
 * A dialog that asks why before an action (withdraw, remove): a required reason, then the
 * action. The caller runs it and closes the dialog; while it runs the button is disabled.
 */
export function ReasonDialog({
  open,
  onClose,
  title,
  intro,
  labels,
  requiredMessage,
  busy,
  onSubmit,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  labels: { reason: string; submit: string; sending: string; cancel: string };
  requiredMessage: string;
  busy: boolean;
  onSubmit: (reason: string) => void;
  children?: ReactNode;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setError(requiredMessage);
      return;
    }
    setError(undefined);
    onSubmit(text);
  };

  return (
    <Modal open={open} onClose={onClose} title={title}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <p className="text-sm text-gray-700">{intro}</p>
        {children}
        <div>
          <label htmlFor={id} className={labelClass}>
            {labels.reason}
          </label>
          <textarea
            {...describe(id, error)}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={inputClass}
            data-autofocus
          />
          <FieldErrorText id={id} message={error} />
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={onClose}>
            {labels.cancel}
          </button>
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? labels.sending : labels.submit}
          </button>
        </div>
      </form>
    </Modal>
  );
}
