import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useMessageText } from '../lib/message-text.ts';

import { inputClass, labelClass, textareaClass } from './field-styles.ts';

// The looks live apart (field-styles.ts), so a page with a lone select (the donor search's
// places) does not carry the form components.
export { inputClass, labelClass, textareaClass };

/** The a11y wiring of one field: its id, and its error message's id when it has one. */
export function describe(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/**
 * A field's error message, found by `aria-describedby` (see `describe`), and said aloud as it
 * appears (role="alert"): a screen reader hears what went wrong without leaving the field. A
 * message key from the shared schemas (what a zod resolver gives) is shown in the page's language.
 */
export function FieldErrorText({ id, message }: { id: string; message: ReactNode | undefined }) {
  const text = useMessageText(typeof message === 'string' ? message : undefined);
  const shown = typeof message === 'string' ? text : message;
  if (!shown) return null;
  return (
    <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
      {shown}
    </p>
  );
}

/**
 * A labelled text input (or, given `rows`, a textarea) with its error message under it: the
 * label↔input tie, `aria-invalid` and `aria-describedby` come from `describe`, so every form
 * wires its fields the same way.
 */
export function TextField({
  id,
  label,
  error,
  field,
  rows,
  className,
  inputClassName,
  labelClassName = labelClass,
  name,
  ...input
}: {
  id: string;
  label: string;
  error?: string;
  /** What `register(name)` returns; absent for a read-only field. */
  field?: UseFormRegisterReturn;
  /** Render a textarea of this many rows instead of an input. */
  rows?: number;
  /** The wrapper's classes, e.g. to span both grid columns. */
  className?: string;
  inputClassName?: string;
  labelClassName?: string;
} & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'min' | 'readOnly' | 'value' | 'title' | 'name'
>) {
  const control = {
    className: inputClassName ?? (rows ? textareaClass : inputClass),
    // A plain form's field name (a registered field brings its own, below).
    name,
    ...describe(id, error),
    ...field,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {rows ? <textarea rows={rows} {...control} /> : <input {...input} {...control} />}
      <FieldErrorText id={id} message={error} />
    </div>
  );
}
