import {
  deletedCountResponseSchema,
  insertedIdResponseSchema,
  modifiedCountResponseSchema,
} from '../api-responses.schema.ts';
import {
  blogStatusChangeSchema,
  blogStatusFilterSchema,
  createBlogSchema,
  publishedFilterSchema,
} from '../blog.schema.ts';
import { blogResponseSchema } from '../blog-response.schema.ts';
import { paginationSchema } from '../pagination.schema.ts';
import {
  body,
  type Endpoint,
  errors,
  json,
  notModified,
  optionalSignIn,
  page,
  signedIn,
  uuidParam,
} from './define.ts';
import { blogExample } from './examples.ts';

/** POST /api/blogs: a new draft, stamped with the server's date and time (admin, volunteer). */
export const createBlog = {
  method: 'post',
  path: '/blogs',
  tags: ['Blogs'],
  summary: 'Write a blog; it starts as a draft (admin, volunteer)',
  security: signedIn,
  request: { body: body(createBlogSchema) },
  responses: {
    201: json(insertedIdResponseSchema, 'Created as a draft'),
    ...errors(401, 403, 413, 415),
  },
} as const satisfies Endpoint;

/** GET /api/blogs: every blog, newest first, optionally one status (admin, volunteer). */
export const listBlogs = {
  method: 'get',
  path: '/blogs',
  tags: ['Blogs'],
  summary: 'Every blog, newest first, optionally drafts or published only (admin, volunteer)',
  security: signedIn,
  request: { query: blogStatusFilterSchema.extend(paginationSchema.shape) },
  responses: { 200: page(blogResponseSchema, 'A page of blogs'), ...errors(401, 403) },
} as const satisfies Endpoint;

/** GET /api/blogs/publish?status=published: the public list, newest first. */
export const listPublishedBlogs = {
  method: 'get',
  path: '/blogs/publish',
  tags: ['Blogs'],
  summary: 'Published blogs, newest first (everyone)',
  request: { query: publishedFilterSchema.extend(paginationSchema.shape) },
  responses: {
    200: page(blogResponseSchema, 'A page of published blogs', [blogExample]),
    ...notModified,
    ...errors(),
  },
} as const satisfies Endpoint;

/** GET /api/blogs/:id: a published blog for everyone; a draft for staff only (else 404). */
export const getBlog = {
  method: 'get',
  path: '/blogs/{id}',
  tags: ['Blogs'],
  security: optionalSignIn,
  summary: 'One blog (published: everyone; draft: admin, volunteer; otherwise 404)',
  request: { params: uuidParam },
  responses: {
    200: json(blogResponseSchema, 'The blog', blogExample),
    ...notModified,
    ...errors(404),
  },
} as const satisfies Endpoint;

/** PATCH /api/blogs/:id: Publish or UnPublish (admin). */
export const changeBlogStatus = {
  method: 'patch',
  path: '/blogs/{id}',
  tags: ['Blogs'],
  summary: 'Publish (status published) or unpublish (status draft) a blog (admin)',
  security: signedIn,
  request: { params: uuidParam, body: body(blogStatusChangeSchema) },
  responses: {
    200: json(modifiedCountResponseSchema, 'Changed (0 when it already had that status)'),
    ...errors(401, 403, 404, 413, 415),
  },
} as const satisfies Endpoint;

/** DELETE /api/blogs/:id (admin). */
export const deleteBlog = {
  method: 'delete',
  path: '/blogs/{id}',
  tags: ['Blogs'],
  summary: 'Delete a blog (admin)',
  security: signedIn,
  request: { params: uuidParam },
  responses: { 200: json(deletedCountResponseSchema, 'Deleted'), ...errors(401, 403, 404) },
} as const satisfies Endpoint;
