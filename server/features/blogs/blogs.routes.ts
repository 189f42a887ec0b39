import type {
  DeletedCountResponse,
  ModifiedCountResponse,
} from '../../../common/api-responses.schema.ts';
import { formatBlogDate, formatBlogTime } from '../../../common/blog-date.ts';
import type { BlogResponse } from '../../../common/blog-response.schema.ts';
import * as contract from '../../../common/contract/blogs.contract.ts';
import { REQUEST_TIME_ZONE } from '../../../common/dhaka-date.ts';
import { msg } from '../../../common/message-key.ts';
import { isStaff } from '../../../common/roles.ts';
import { currentUser, requireRole, requireUser } from '../../auth/session.ts';
import { toIso } from '../../db/dialect.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { listPage, readPage } from '../../lib/pagination.ts';
import { publicItem, publicList } from '../../lib/public-list.ts';
import * as audit from '../audit/audit.repository.ts';
import type { BlogRow } from './blogs.repository.ts';
import * as blogs from './blogs.repository.ts';

const NO_SUCH_BLOG = msg('errors.blogs.noSuchBlog');

/** A blog as the API answers it: `_id` beside `id`, and the spec's date and time (Dhaka). */
/** A blog's place in the newest-first order, for the next link past the numbered pages. */
const newestFirstKey = (row: Pick<BlogRow, 'createdAt' | 'id'>) => [toIso(row.createdAt), row.id];

function toBlogDto(row: BlogRow): BlogResponse {
  const createdAt = toIso(row.createdAt);
  const at = new Date(createdAt);
  return {
    id: row.id,
    _id: row.id,
    title: row.title,
    image: row.image,
    content: row.content,
    status: row.status,
    date: formatBlogDate(at, REQUEST_TIME_ZONE),
    time: formatBlogTime(at, REQUEST_TIME_ZONE),
    createdAt,
  };
}

export function blogsRoutes({ db }: AppDeps) {
  const staff = [requireUser, requireRole('admin', 'volunteer')];
  const admin = [requireUser, requireRole('admin')];
  return (
    createRouter()
      .openapi(guarded(contract.createBlog, ...staff), async (c) => {
        const insertedId = await blogs.insert(db, currentUser(c).id, c.req.valid('json'));
        return c.json({ insertedId }, 201);
      })
      .openapi(guarded(contract.listBlogs, ...staff), async (c) => {
        const { status, ...page } = c.req.valid('query');
        const items = await listPage(
          c,
          page,
          {
            rows: (slice) => blogs.findAll(db, status, slice),
            total: () => blogs.countAll(db, status),
            keyOf: newestFirstKey,
            // Written by staff: the list stays small, its count exact.
            capped: false,
          },
          toBlogDto,
        );
        return c.json(items, 200);
      })
      // A literal path before /blogs/{id}: "publish" is never taken for an id.
      .openapi(contract.listPublishedBlogs, async (c) => {
        const { status: _published, ...page } = c.req.valid('query');
        const answer = await readPage(
          c.req.url,
          page,
          {
            rows: (slice) => blogs.findAll(db, 'published', slice),
            total: () => blogs.countPublished(db),
            keyOf: newestFirstKey,
            capped: true,
          },
          toBlogDto,
        );
        // Issue 32: an anonymous reader's unchanged page is a 304 (server/lib/public-list.ts).
        return publicList(c, answer);
      })
      .openapi(contract.getBlog, async (c) => {
        const row = await blogs.findById(db, c.req.valid('param').id);
        const user = c.get('user');
        const mayReadDrafts = !!user && user.status === 'active' && isStaff(user.role);
        // A draft is not there for anyone else: 404, so its existence is not given away either.
        if (!row || (row.status !== 'published' && !mayReadDrafts)) throw notFound(NO_SUCH_BLOG);
        // Issue 32: with an ETag for anonymous readers (staff, who may see drafts, never get one).
        return publicItem(c, toBlogDto(row));
      })
      .openapi(guarded(contract.changeBlogStatus, ...admin), async (c) => {
        const { id } = c.req.valid('param');
        const { status } = c.req.valid('json');
        const blog = await blogs.findById(db, id);
        if (!blog) throw notFound(NO_SUCH_BLOG);
        // Issue 14: publishing and unpublishing are staff actions the audit log keeps.
        const modifiedCount = await inTransaction(db, async (trx) => {
          const changed = await blogs.updateStatus(trx, id, status);
          if (changed) {
            await audit.insert(trx, currentUser(c), {
              action: status === 'published' ? 'blog.publish' : 'blog.unpublish',
              targetType: 'blog',
              targetId: id,
              targetLabel: blog.title,
            });
          }
          return changed;
        });
        return c.json({ modifiedCount } satisfies ModifiedCountResponse, 200);
      })
      .openapi(guarded(contract.deleteBlog, ...admin), async (c) => {
        const { id } = c.req.valid('param');
        const blog = await blogs.findById(db, id);
        if (!blog) throw notFound(NO_SUCH_BLOG);
        const deletedCount = await inTransaction(db, async (trx) => {
          const deleted = await blogs.deleteById(trx, id);
          if (deleted) {
            await audit.insert(trx, currentUser(c), {
              action: 'blog.delete',
              targetType: 'blog',
              targetId: id,
              targetLabel: blog.title,
            });
          }
          return deleted;
        });
        if (!deletedCount) throw notFound(NO_SUCH_BLOG);
        return c.json({ deletedCount } satisfies DeletedCountResponse, 200);
      })
  );
}
