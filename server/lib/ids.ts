import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7: time-ordered (so new rows append to indexes) and unguessable (62 random bits).
 * Ids are never sequential numbers in URLs.
 *
 * Its 12-bit rand_a field is a counter within one millisecond (RFC 9562 §6.2, method 1), so
 * two ids made in the same millisecond by this process sort in the order they were made:
 * lists ordered by "when, then id" (two pledges accepted in one millisecond) keep that order.
 */
export function newId(): string {
  let ms = Date.now();
  if (ms > lastMs) {
    lastMs = ms;
    sequence = 0;
  } else {
    // The same millisecond, or the clock stepped back: count on from the last id.
    sequence += 1;
    if (sequence > 0xfff) {
      lastMs += 1;
      sequence = 0;
    }
    ms = lastMs;
  }
  const bytes = randomBytes(16);
  const time = BigInt(ms);
  for (let i = 0; i < 6; i++) bytes[i] = Number((time >> BigInt(8 * (5 - i))) & 0xffn);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The current time as the ISO-8601 UTC string both engines store. */
export const nowIso = () => new Date().toISOString();
