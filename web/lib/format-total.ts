/**
 * A list's total as people read it: grouped digits ("12,345"), and a plus when the server
 * stopped counting (`X-Total-Capped`, decisions 006 and 007): "1,000+" means at least 1,000.
 */
export function formatTotal(total: number, capped = false): string {
  const digits = total.toLocaleString('en-US');
  return capped ? `${digits}+` : digits;
}
