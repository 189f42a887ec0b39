import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';

/**
 * `?page=&limit=` on every list endpoint: page from 1, limit 1–100 (default 20); or `?after=` from
 * a next link, for pages past the numbered ones.
 */
export const paginationSchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(100_000, 'page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  // Pages past the counted ones (COUNT_CAP items) are reached by following the Link header's
  // next link, which names the last row shown instead of a page number (decision 007).
  after: z
    .string({ error: 'after must be the value of a next link' })
    .max(1000, 'after must be the value of a next link')
    .regex(/^[A-Za-z0-9_-]+$/, 'after must be the value of a next link')
    .optional()
    .meta({ description: "Continue after this row: the value a Link header's next link gives" }),
});
export type Pagination = z.infer<typeof paginationSchema>;
