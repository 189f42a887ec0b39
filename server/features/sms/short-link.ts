/**
 * A request's short link for an SMS (issue 28): `/r/` and its id in base 62, 22 characters
 * instead of the 60 of /blood-donation-request/<uuid>. In a Bangla SMS (67 characters a part)
 * the long one alone took most of a part. GET /r/:code redirects to the request's page.
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE_LENGTH = 22;

/** A uuid's short code (22 base-62 characters), or null for anything else. */
export function shortCodeOf(uuid: string): string | null {
  if (!UUID.test(uuid)) return null;
  let value = BigInt(`0x${uuid.replace(/-/g, '')}`);
  let code = '';
  while (value > 0n) {
    code = ALPHABET[Number(value % 62n)] + code;
    value /= 62n;
  }
  return code.padStart(CODE_LENGTH, '0');
}

/** The uuid a short code stands for, or null when it is not one. */
export function uuidOfShortCode(code: string): string | null {
  if (code.length !== CODE_LENGTH) return null;
  let value = 0n;
  for (const char of code) {
    const digit = ALPHABET.indexOf(char);
    if (digit < 0) return null;
    value = value * 62n + BigInt(digit);
  }
  if (value >= 1n << 128n) return null;
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
