import { z } from 'zod';
import { msg } from './message-key.ts';

// The field shapes the shared schemas are built from, so each rule is written once.

/** A text the person must fill in: trimmed, and `message` (from `msg`) when missing or blank. */
export const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** An optional text (a filter or an optional field): trimmed; empty means not given. */
export const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

const UPAZILA_TOO_LONG = msg('validation.upazila.tooLong');

/** An upazila on a new record: optional, empty means none. */
export const upazilaField = optionalText(100, UPAZILA_TOO_LONG);

/** An upazila being changed: empty or null clears it (stored as null, like a new record's). */
export const clearableUpazila = z
  .string()
  .trim()
  .max(100, UPAZILA_TOO_LONG)
  .nullable()
  .transform((v) => (v ? v : null));

/**
 * `?status=` on a list: one of `statuses` (an alias maps onto its stored value), and empty means
 * every status, the same on every list.
 */
/**
 * A list filter's closed set in the OpenAPI document (issue 32): its values, and '' for every
 * value. The filters are text piped into an enum (so '' can mean "all"), which the generator
 * would describe as any string.
 */
export function filterValues(values: readonly string[]) {
  return { enum: [...values, ''] };
}

export function statusFilter<const S extends string>(
  statuses: readonly S[],
  aliases: Readonly<Record<string, S>> = {},
) {
  const accepted = [...statuses, ...Object.keys(aliases)] as [string, ...string[]];
  return z.object({
    status: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(
        z
          .enum(accepted, {
            error: msg('validation.status.oneOf', { values: statuses.join(', ') }),
          })
          .transform((v) => (aliases[v] ?? v) as S)
          .optional(),
      )
      .meta(filterValues(accepted)),
  });
}
