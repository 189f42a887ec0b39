/**
 * How many SMS a text costs (issue 28). A text the GSM 03.38 alphabet can write goes as GSM-7:
 * 160 characters in one SMS, 153 a part when it is split (the concatenation header takes the
 * rest); a character of the extension table (€ [ ] { } ~ ^ \ | and form feed) takes two. Any
 * other character — all of Bangla — makes the whole text UCS-2: 70 characters in one SMS, 67 a
 * part. Gateways bill per part, so the alerts are written to fit their budget of parts.
 */

export type SmsEncoding = 'GSM-7' | 'UCS-2';

const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;

/** GSM-7 when every character is in the GSM alphabet (basic or extension), else UCS-2. */
export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) {
    if (!GSM_BASIC.has(char) && !GSM_EXTENSION.has(char)) return 'UCS-2';
  }
  return 'GSM-7';
}

/** What one character costs: GSM-7 septets, or UCS-2 code units (2 beyond the BMP). */
function unitsOf(char: string, encoding: SmsEncoding): number {
  if (encoding === 'UCS-2') return char.length;
  return GSM_EXTENSION.has(char) ? 2 : 1;
}

export interface SmsSize {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  /** SMS parts the text is sent as. */
  segments: number;
}

/** A text's encoding, length in its units, and how many SMS it is sent as. */
export function smsSize(text: string): SmsSize {
  const encoding = smsEncoding(text);
  let units = 0;
  for (const char of text) units += unitsOf(char, encoding);
  const limits = SMS_LIMITS[encoding];
  const segments = units <= limits.single ? 1 : Math.ceil(units / limits.part);
  return { encoding, units, segments };
}

/**
 * The text cut into the parts it is sent as, each within its part's size, never inside a
 * character (an extension character's two septets, a surrogate pair). One part when it fits one.
 */
export function splitSms(text: string): string[] {
  const encoding = smsEncoding(text);
  const limits = SMS_LIMITS[encoding];
  const chars = Array.from(text);
  const total = chars.reduce((sum, char) => sum + unitsOf(char, encoding), 0);
  if (total <= limits.single) return [text];
  const parts: string[] = [];
  let part = '';
  let used = 0;
  for (const char of chars) {
    const units = unitsOf(char, encoding);
    if (used + units > limits.part) {
      parts.push(part);
      part = '';
      used = 0;
    }
    part += char;
    used += units;
  }
  if (part) parts.push(part);
  return parts;
}
