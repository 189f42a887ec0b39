import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useMessageText } from '../lib/message-text.ts';

// Shared by the forms (login, register, profile, requests) so their fields look and read alike.
// Only inputs and textareas can be read-only: CSS counts every select as :read-only, and a
// select grey like a locked field reads as one.
const controlClass =
  'mt-1 block w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 py-2 shadow-sm focus:border-red-500 focus:outline-2 focus:outline-offset-1 focus:outline-red-500 [&:is(input,textarea):read-only]:bg-gray-50 disabled:cursor-not-allowed disabled:bg-gray-100 aria-invalid:border-red-500';

/**
 * Inputs and selects: one fixed height, as Chromium draws a select 5 px shorter than an input
 * with the same padding, and they sit side by side in the forms' grids (issue 17).
 */
export const inputClass = `${controlClass} h-[2.625rem]`;

/** A textarea grows with its rows. */
export const textareaClass = controlClass;

export const labelClass = 'text-sm font-medium text-gray-800';

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
