import { i18n } from './i18n.ts';

/**
 * A list's total as people read it: grouped digits ("12,345"), and a plus when the server
 * stopped counting (`X-Total-Capped`, decisions 006 and 007): "1,000+" means at least 1,000.
 */
export function formatTotal(total: number, capped = false, language = i18n.language): string {
  // Bangla: Bangla digits, grouped as Bangladesh groups them (১২,৩৪৫; ১২,৩৪,৫৬৭).
  const digits = total.toLocaleString(language === 'bn' ? 'bn-BD' : 'en-US');
  return capped ? `${digits}+` : digits;
}
