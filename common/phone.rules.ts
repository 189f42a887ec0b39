/**
 * Bangladeshi mobile numbers (issue 28). A mobile number is 01, an operator digit 3–9, and eight
 * more digits (01712 345678). People type it many ways — with spaces or dashes, after +880,
 * 880 or 00880 — so every form is read to one stored form, +8801XXXXXXXXX (E.164), which is
 * what an SMS gateway takes and what makes "one number, one account" (decision 033) a plain
 * equality. Landlines (02 …, 031 …) and anything else are not mobile numbers: null.
 */

/** The national form of a mobile number: 0, 1, an operator digit 3–9, eight digits. */
const NATIONAL_MOBILE = /^01[3-9]\d{8}$/;
/** What may stand between the digits as typed: spaces, dashes, dots and brackets. */
const SEPARATORS = /[\s\-.()]/g;

/** The stored form (+8801XXXXXXXXX) of a Bangladeshi mobile number as typed, or null. */
export function normalizeBdMobile(typed: string): string | null {
  const compact = typed.trim().replace(SEPARATORS, '');
  const international = compact.match(/^(?:\+|00)?880(\d+)$/);
  let national: string;
  if (international) {
    // "+880 1712…" and, as people also write it, "+880 01712…".
    const rest = international[1] ?? '';
    national = rest.startsWith('0') ? rest : `0${rest}`;
  } else if (/^\d+$/.test(compact)) {
    national = compact;
  } else {
    return null;
  }
  return NATIONAL_MOBILE.test(national) ? `+880${national.slice(1)}` : null;
}

/** True for a number already in the stored form. */
export const isStoredBdMobile = (value: string): boolean => /^\+8801[3-9]\d{8}$/.test(value);

/** How a stored number is written for its owner: 01712-345678. */
export function displayBdMobile(stored: string): string {
  const national = `0${stored.slice(4)}`;
  return `${national.slice(0, 5)}-${national.slice(5)}`;
}
