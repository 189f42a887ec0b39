import type { Kysely } from 'kysely';
import type { CreateBlog } from '../../../common/blog.schema.ts';
import { type BlogStatus, COUNT_CAP } from '../../../common/constants.ts';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Slice } from '../../lib/pagination.ts';

const BLOG_COLUMNS = ['id', 'title', 'image', 'content', 'status', 'createdAt'] as const;

/** Stores a new draft written by `authorId`; answers its id. */
export async function insert(
  db: Kysely<Database>,
  authorId: string,
  fields: CreateBlog,
): Promise<string> {
  const id = newId();
  const now = nowIso();
  await db
    .insertInto('blog')
    .values({
      id,
      title: fields.title,
      image: fields.image,
      content: fields.content,
      status: 'draft',
      authorId,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

/** One blog by id, whatever its status. */
export function findById(db: Kysely<Database>, id: string) {
  return db.selectFrom('blog').select(BLOG_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export type BlogRow = NonNullable<Awaited<ReturnType<typeof findById>>>;

/** One published blog by id (a draft is not found): the share preview's single read. */
export function findPublishedById(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('blog')
    .select(['id', 'title', 'image', 'content'])
    .where('id', '=', id)
    .where('status', '=', 'published')
    .executeTakeFirst();
}

function byStatus(db: Kysely<Database>, status: BlogStatus | undefined) {
  const query = db.selectFrom('blog');
  return status ? query.where('status', '=', status) : query;
}

/** A page of blogs, newest first, optionally one status (the staff list; also the public one). */
export function findAll(db: Kysely<Database>, status: BlogStatus | undefined, page: Slice) {
  let query = byStatus(db, status);
  // Past the numbered pages (decision 007): the rows after the last one shown, newest first.
  if (page.after) {
    const [createdAt, id] = page.after.map(String) as [string, string];
    query = query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(createdAt, id)));
  }
  return query
    .select(BLOG_COLUMNS)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many blogs findAll would list without paging (exact: staff write them). */
export async function countAll(db: Kysely<Database>, status: BlogStatus | undefined) {
  const row = await byStatus(db, status)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many blogs are published, counted up to COUNT_CAP + 1 (decision 006). */
export async function countPublished(db: Kysely<Database>) {
  const matches = byStatus(db, 'published')
    .select('id')
    .limit(COUNT_CAP + 1);
  const row = await db
    .selectFrom(matches.as('match'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Publishes or unpublishes; answers rows changed (0 when missing or already so). */
export async function updateStatus(db: Kysely<Database>, id: string, status: BlogStatus) {
  const result = await db
    .updateTable('blog')
    .set({ status, updatedAt: nowIso() })
    .where('id', '=', id)
    .where('status', '<>', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes one blog; answers how many rows went (0/1). */
export async function deleteById(db: Kysely<Database>, id: string) {
  const result = await db.deleteFrom('blog').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
