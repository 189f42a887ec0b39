import type { ReactNode } from 'react';

// Shared by the account forms (login, register, profile) so their fields look and read alike.
export const inputClass =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 shadow-sm focus:border-red-500 focus:outline-2 focus:outline-offset-1 focus:outline-red-500 read-only:bg-gray-50 disabled:cursor-not-allowed disabled:bg-gray-100 aria-invalid:border-red-500';

export const labelClass = 'text-sm font-medium text-gray-800';

/** The a11y wiring of one field: its id, and its error message's id when it has one. */
export function describe(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
}

/** A field's error message, found by `aria-describedby` (see `describe`). */
export function FieldErrorText({ id, message }: { id: string; message: ReactNode | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}
