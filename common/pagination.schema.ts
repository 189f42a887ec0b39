import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { msg } from './message-key.ts';

/**
 * `?page=&limit=` on every list endpoint: page from 1, limit 1–100 (default 20); or `?after=` from
 * a next link, for pages past the numbered ones.
 */
export const paginationSchema = z.object({
  page: z.coerce
    .number({ error: msg('validation.page.number') })
    .int(msg('validation.page.whole'))
    .min(1, msg('validation.page.min'))
    .max(100_000, msg('validation.page.max'))
    .default(1),
  limit: z.coerce
    .number({ error: msg('validation.limit.number') })
    .int(msg('validation.limit.whole'))
    .min(1, msg('validation.limit.min'))
    .max(MAX_PAGE_SIZE, msg('validation.limit.max', { max: MAX_PAGE_SIZE }))
    .default(DEFAULT_PAGE_SIZE),
  // Pages past the counted ones (COUNT_CAP items) are reached by following the Link header's
  // next link, which names the last row shown instead of a page number (decision 007).
  after: z
    .string({ error: msg('validation.after.invalid') })
    .max(1000, msg('validation.after.invalid'))
    .regex(/^[A-Za-z0-9_-]+$/, msg('validation.after.invalid'))
    .optional()
    .meta({ description: "Continue after this row: the value a Link header's next link gives" }),
});
export type Pagination = z.infer<typeof paginationSchema>;
