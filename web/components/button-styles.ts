// Shared class names so links and buttons that act alike look alike.
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const primaryButton = `${base} bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800`;

export const secondaryButton = `${base} border border-red-200 bg-white text-red-700 hover:bg-red-50`;

/** A small button in a list's row or a card (reports, pledges, request rows). */
export const smallButton =
  'inline-flex items-center rounded-md px-2.5 py-1 text-xs font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50';
