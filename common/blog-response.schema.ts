import { z } from 'zod';
import { BLOG_STATUSES } from './constants.ts';

// Answers only: the web imports these as types, so they stay out of the browser bundle.

/**
 * A blog as the API answers it. `date` ('MMM Do YY') and `time` (short) are the moment it was
 * written, in Dhaka time, as the original client stored them; `createdAt` is the same instant
 * (the web shows it in the reader's own time zone).
 */
export const blogResponseSchema = z
  .strictObject({
    id: z.string(),
    /** The same as `id`, for clients written against the original API. */
    _id: z.string(),
    title: z.string(),
    /** The thumbnail: `/api/images/<id>.webp`. */
    image: z.string(),
    /** Plain text; paragraphs are separated by a blank line. */
    content: z.string(),
    status: z.enum(BLOG_STATUSES),
    date: z.string(),
    time: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Blog' });
export type BlogResponse = z.infer<typeof blogResponseSchema>;
