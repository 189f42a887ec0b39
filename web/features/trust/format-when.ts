import { intlLocale } from '../../lib/i18n.ts';

/** An instant as a date and a short time, in the reader's language. */
export const when = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
