import type { Kysely } from 'kysely';
import type { Database, SmsMessageTable } from '../../db/schema.ts';

/** The SMS a job already let through (a retry of it is not counted again), or undefined. */
export function findMessage(db: Kysely<Database>, id: string) {
  return db.selectFrom('smsMessage').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The SMS of `purpose` (alerts, reminders, "a donor accepted") a person was let through on a
 * Dhaka day: the per-person daily cap counts each purpose on its own.
 */
export async function countOfDay(
  db: Kysely<Database>,
  userId: string,
  day: string,
  purpose: SmsMessageTable['purpose'],
) {
  const row = await db
    .selectFrom('smsMessage')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .where('day', '=', day)
    .where('purpose', '=', purpose)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The day's row, made with `budget` when it is the day's first SMS. */
async function ensureDay(db: Kysely<Database>, day: string, budget: number) {
  await db
    .insertInto('smsDay')
    .values({ day, sent: 0, budget, refused: 0, reachedAt: null })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
}

/**
 * Takes `segments` parts of the day's budget: only while they fit (`enforce`), or always (a
 * one-time code is never refused; it still counts). Answers whether they were taken. The
 * budget is the one set now, so raising it takes effect the same day.
 */
export async function takeFromBudget(
  db: Kysely<Database>,
  {
    day,
    segments,
    budget,
    enforce,
  }: { day: string; segments: number; budget: number; enforce: boolean },
) {
  await ensureDay(db, day, budget);
  const result = await db
    .updateTable('smsDay')
    .set((eb) => ({ sent: eb('sent', '+', segments), budget }))
    .where('day', '=', day)
    .$if(enforce, (query) => query.where((eb) => eb(eb('sent', '+', segments), '<=', budget)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An alert refused for the budget: counted, and the moment the day's budget was reached. */
export async function recordRefusal(db: Kysely<Database>, day: string, budget: number, now: Date) {
  await ensureDay(db, day, budget);
  await db
    .updateTable('smsDay')
    .set((eb) => ({ refused: eb('refused', '+', 1) }))
    .where('day', '=', day)
    .execute();
  const reached = await db
    .updateTable('smsDay')
    .set({ reachedAt: now.toISOString() })
    .where('day', '=', day)
    .where('reachedAt', 'is', null)
    .executeTakeFirst();
  return { firstRefusal: Number(reached.numUpdatedRows) === 1 };
}

/** Records an SMS the outbox let through, before it is sent. */
export async function insertMessage(
  db: Kysely<Database>,
  message: Pick<SmsMessageTable, 'id' | 'userId' | 'purpose' | 'day' | 'segments'>,
  now: Date,
) {
  const at = now.toISOString();
  await db
    .insertInto('smsMessage')
    .values({ ...message, gatewayId: null, status: 'sending', createdAt: at, updatedAt: at })
    .execute();
}

/**
 * The gateway accepted it, under its id. A delivery receipt that came first (an HTTP gateway's,
 * naming our reference) is not undone: only a message still "sending" becomes "sent".
 */
export async function markSent(
  db: Kysely<Database>,
  id: string,
  gatewayId: string | null,
  now: Date,
) {
  const at = now.toISOString();
  await db
    .updateTable('smsMessage')
    .set({ gatewayId, updatedAt: at })
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('smsMessage')
    .set({ status: 'sent' })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * A delivery receipt: the message reached the phone, or did not. It names the message by the
 * gateway's id (SMPP's deliver_sm, most HTTP gateways) or by our own (`id`: the reference the
 * HTTP adapter sent). Answers how many messages it marked (0: none known by that name yet).
 */
export async function markReceipt(
  db: Kysely<Database>,
  name: string | { id: string },
  delivered: boolean,
  now: Date,
) {
  const result = await db
    .updateTable('smsMessage')
    .set({ status: delivered ? 'delivered' : 'undelivered', updatedAt: now.toISOString() })
    .$if(typeof name === 'string', (query) => query.where('gatewayId', '=', name as string))
    .$if(typeof name !== 'string', (query) => query.where('id', '=', (name as { id: string }).id))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The latest days' spending, newest first: what admins see. */
export function findDays(db: Kysely<Database>, limit: number) {
  return db.selectFrom('smsDay').selectAll().orderBy('day', 'desc').limit(limit).execute();
}
