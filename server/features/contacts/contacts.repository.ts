import type { Kysely } from 'kysely';
import type { Contact } from '../../../common/contact.schema.ts';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';

/** Stores one contact message and returns its id. */
export async function insert(db: Kysely<Database>, contact: Contact): Promise<string> {
  const id = newId();
  await db
    .insertInto('contact')
    .values({ id, ...contact, createdAt: nowIso() })
    .execute();
  return id;
}
