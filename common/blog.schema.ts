import { z } from 'zod';
import { BLOG_STATUSES } from './constants.ts';
import { required, statusFilter } from './fields.ts';
import { msg } from './message-key.ts';

export const BLOG_TITLE_MAX = 150;
export const BLOG_CONTENT_MAX = 10_000;

/**
 * The thumbnail is one of our own uploads (`/api/images/<id>.webp`, from POST /api/images): a
 * share preview needs an image this site serves, and no writer can point readers elsewhere.
 */
const THUMBNAIL = /^\/api\/images\/[0-9a-f-]{36}\.webp$/;

/** A title is one line: runs of spaces and line breaks become one space. */
const title = required(msg('validation.blog.titleRequired'))
  .transform((value) => value.replace(/\s+/g, ' '))
  .pipe(
    z.string().max(BLOG_TITLE_MAX, msg('validation.blog.titleTooLong', { max: BLOG_TITLE_MAX })),
  );

/**
 * Content is plain text in paragraphs (a blank line between them); it is shown as text, never
 * as markup. Line endings are made \n and more than one blank line becomes one.
 */
const content = required(msg('validation.blog.contentRequired'))
  .transform((value) => value.replace(/\r\n?/g, '\n').replace(/\n[ \t]*\n(?:[ \t]*\n)+/g, '\n\n'))
  .pipe(
    z
      .string()
      .max(
        BLOG_CONTENT_MAX,
        msg('validation.blog.contentTooLong', { max: BLOG_CONTENT_MAX.toLocaleString('en-US') }),
      ),
  );

/**
 * POST /api/blogs (the Add Blog form, SPEC §5). `date`, `time` and `status` in a body (the
 * original client sends them) are ignored: the server stamps the time and a new blog is a draft.
 */
export const createBlogSchema = z.object({
  title,
  image: required(msg('validation.blog.thumbnailRequired')).regex(
    THUMBNAIL,
    msg('validation.blog.thumbnailNotUploaded'),
  ),
  content,
});
export type CreateBlog = z.infer<typeof createBlogSchema>;

/** The Add Blog form's text fields; the thumbnail is a file, checked beside them. */
export const blogFormSchema = createBlogSchema.omit({ image: true });
export type BlogForm = z.infer<typeof blogFormSchema>;

/** PATCH /api/blogs/:id: Publish (`published`) or UnPublish (`draft`), and nothing else. */
export const blogStatusChangeSchema = z.strictObject(
  {
    status: z.enum(BLOG_STATUSES, { error: msg('validation.blog.status') }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? msg('validation.fields.notChangeable', { keys: issue.keys.join(', ') })
        : undefined,
  },
);
export type BlogStatusChange = z.infer<typeof blogStatusChangeSchema>;

/** `?status=` on the staff list: draft, published, or empty for both. */
export const blogStatusFilterSchema = statusFilter(BLOG_STATUSES);

/** `?status=` on the public list: published (or nothing); drafts are never public. */
export const publishedFilterSchema = statusFilter(['published'] as const);
