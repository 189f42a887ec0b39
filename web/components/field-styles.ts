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
