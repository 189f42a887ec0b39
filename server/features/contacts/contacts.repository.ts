import type { Kysely } from 'kysely';
import { COUNT_CAP, type ContactStatus } from '../../../common/constants.ts';
import type { Contact } from '../../../common/contact.schema.ts';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Slice } from '../../lib/pagination.ts';

/** Stores one contact message (new) and returns its id. */
export async function insert(db: Kysely<Database>, contact: Contact): Promise<string> {
  const id = newId();
  await db
    .insertInto('contact')
    .values({ id, ...contact, createdAt: nowIso() })
    .execute();
  return id;
}

function byStatus(db: Kysely<Database>, status: ContactStatus | undefined) {
  const query = db.selectFrom('contact');
  return status ? query.where('status', '=', status) : query;
}

/** A page of messages, newest first, optionally one status (the admins' inbox). */
export function findAll(db: Kysely<Database>, status: ContactStatus | undefined, page: Slice) {
  let query = byStatus(db, status);
  // Past the numbered pages (decision 007): the rows after the last one shown, newest first.
  if (page.after) {
    const [createdAt, id] = page.after.map(String) as [string, string];
    query = query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(createdAt, id)));
  }
  return query
    .select([
      'id',
      'name',
      'phone',
      'email',
      'message',
      'status',
      'createdAt',
      'handledAt',
      'handledBy',
    ])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type ContactRow = Awaited<ReturnType<typeof findAll>>[number];

/**
 * How many messages findAll would list, counted up to COUNT_CAP + 1: anyone may write to the
 * inbox, so its size is not the community's (decision 006).
 */
export async function countAll(db: Kysely<Database>, status: ContactStatus | undefined) {
  const matches = byStatus(db, status)
    .select('id')
    .limit(COUNT_CAP + 1);
  const row = await db
    .selectFrom(matches.as('match'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Marks a message handled by `adminName` (now), or new again; answers rows changed (0 when
 * missing or already so).
 */
export async function updateStatus(
  db: Kysely<Database>,
  id: string,
  status: ContactStatus,
  adminName: string,
) {
  const handled = status === 'handled';
  const result = await db
    .updateTable('contact')
    .set({
      status,
      handledAt: handled ? nowIso() : null,
      handledBy: handled ? adminName : null,
    })
    .where('id', '=', id)
    .where('status', '<>', status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether a message with this id exists. */
export async function exists(db: Kysely<Database>, id: string) {
  const row = await db.selectFrom('contact').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
