// Issue 27: a shared request (the web's Share button, the link preview the server writes) carries
// public facts only. The hospital's name is typed by the family and may hold a number ("call
// 01711…") or an email; whatever reads as one is blanked before a text leaves for WhatsApp,
// Facebook or a crawler.

/** A digit in ASCII or Bangla. */
const DIGIT = '[0-9০-৯]';

/** An email address, or 7+ digits with spaces, dots or dashes between them (a phone number). */
const CONTACT = new RegExp(
  `[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+|\\+?${DIGIT}(?:[\\s.-]?${DIGIT}){6,}`,
  'g',
);

/** The text with anything that reads as an email or a phone number replaced by "…". */
export const withoutContacts = (text: string) =>
  text
    .replace(CONTACT, '…')
    .replace(/\s{2,}/g, ' ')
    .trim();
