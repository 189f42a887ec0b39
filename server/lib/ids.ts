import { randomUUID } from 'node:crypto';

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
  // The random part is a UUIDv4's (variant bits and the 62 random bits after them): Node makes
  // those from a cached block of CSPRNG output, where randomBytes(16) made a crypto job of its
  // own for every id (several per pledge; issue 27's profile).
  const time = ms.toString(16).padStart(12, '0');
  const seq = sequence.toString(16).padStart(3, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${seq}-${randomUUID().slice(19)}`;
}

/** The current time as the ISO-8601 UTC string both engines store. */
export const nowIso = () => new Date().toISOString();
