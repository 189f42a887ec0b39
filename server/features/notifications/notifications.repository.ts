import type { Kysely } from 'kysely';
import type { NotificationSettings } from '../../../common/notification.schema.ts';
import type { NotificationData } from '../../../common/notification-response.schema.ts';
import { toBool, toIso } from '../../db/dialect.ts';
import type { Database, NotificationKind } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

/** The unread count stops here (the bell shows 99+). */
export const UNREAD_COUNT_CAP = 100;

/** Stores an in-app notification; answers its id. */
export async function insert(
  db: Kysely<Database>,
  notification: {
    userId: string;
    kind: NotificationKind;
    requestId: string | null;
    data: NotificationData;
    at: Date;
  },
) {
  const id = newId();
  await db
    .insertInto('notification')
    .values({
      id,
      userId: notification.userId,
      kind: notification.kind,
      requestId: notification.requestId,
      data: JSON.stringify(notification.data),
      createdAt: notification.at.toISOString(),
    })
    .execute();
  return id;
}

/** A page of the user's notifications, newest first, with the status of the request now. */
export function findAllByUser(
  db: Kysely<Database>,
  userId: string,
  page: { limit: number; offset: number; after?: Array<string | number> | undefined },
) {
  let query = db
    .selectFrom('notification')
    .leftJoin('donationRequest', 'donationRequest.id', 'notification.requestId')
    .select([
      'notification.id',
      'notification.kind',
      'notification.requestId',
      'notification.data',
      'notification.readAt',
      'notification.createdAt',
      'donationRequest.status as requestStatus',
    ])
    .where('notification.userId', '=', userId);
  // After a next link: the rows after (createdAt, id), newest first.
  const [createdAt, id] = page.after ?? [];
  if (typeof createdAt === 'string' && typeof id === 'string') {
    query = query.where((eb) =>
      eb.or([
        eb('notification.createdAt', '<', createdAt),
        eb.and([eb('notification.createdAt', '=', createdAt), eb('notification.id', '<', id)]),
      ]),
    );
  }
  return query
    .orderBy('notification.createdAt', 'desc')
    .orderBy('notification.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type NotificationRow = Awaited<ReturnType<typeof findAllByUser>>[number];

/** How many notifications the user has. */
export async function countByUser(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('notification')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many are unread, counted up to UNREAD_COUNT_CAP. */
export async function countUnread(db: Kysely<Database>, userId: string) {
  const unread = db
    .selectFrom('notification')
    .select('id')
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .limit(UNREAD_COUNT_CAP);
  const row = await db
    .selectFrom(unread.as('unread'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Marks one of the user's notifications read; 0 when it is not theirs (or does not exist). */
export async function markRead(db: Kysely<Database>, userId: string, id: string, at: Date) {
  const result = await db
    .updateTable('notification')
    .set({ readAt: at.toISOString() })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Whether the notification exists and is the user's. */
export async function isOwnedBy(db: Kysely<Database>, userId: string, id: string) {
  const row = await db
    .selectFrom('notification')
    .select('id')
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks every unread notification of the user read; answers how many. */
export async function markAllRead(db: Kysely<Database>, userId: string, at: Date) {
  const result = await db
    .updateTable('notification')
    .set({ readAt: at.toISOString() })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const ALL_ON: NotificationSettings = {
  matchAlerts: true,
  donationReminders: true,
  eligibilityNotices: true,
  requestUpdates: true,
  email: true,
};

/** The user's choices; every one on when they never chose. */
export async function findSettings(
  db: Kysely<Database>,
  userId: string,
): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('notificationSetting')
    .select(['matchAlerts', 'donationReminders', 'eligibilityNotices', 'requestUpdates', 'email'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return choicesOf(row);
}

/** A row of choices as stored; a column read through a left join may be null. */
type StoredChoices = Record<keyof NotificationSettings, number | boolean | null>;

/** A stored row of choices as the app reads them; every one on when there is none. */
function choicesOf(row: StoredChoices | undefined): NotificationSettings {
  if (!row) return ALL_ON;
  return {
    matchAlerts: toBool(row.matchAlerts ?? true),
    donationReminders: toBool(row.donationReminders ?? true),
    eligibilityNotices: toBool(row.eligibilityNotices ?? true),
    requestUpdates: toBool(row.requestUpdates ?? true),
    email: toBool(row.email ?? true),
  };
}

/** Stores the user's choices (all of them). */
export async function saveSettings(
  db: Kysely<Database>,
  userId: string,
  settings: NotificationSettings,
  at: Date,
) {
  const values = {
    matchAlerts: settings.matchAlerts ? 1 : 0,
    donationReminders: settings.donationReminders ? 1 : 0,
    eligibilityNotices: settings.eligibilityNotices ? 1 : 0,
    requestUpdates: settings.requestUpdates ? 1 : 0,
    email: settings.email ? 1 : 0,
    updatedAt: at.toISOString(),
  };
  // 1/0 as everywhere else: PostgreSQL reads '1' and '0' as booleans.
  await db
    .insertInto('notificationSetting')
    .values({ userId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute();
}

/** Records that the user was alerted about the request; false when they already were. */
export async function recordAlert(
  db: Kysely<Database>,
  alert: { requestId: string; userId: string; wave: number; at: Date },
) {
  const result = await db
    .insertInto('requestAlert')
    .values({
      requestId: alert.requestId,
      userId: alert.userId,
      wave: alert.wave,
      createdAt: alert.at.toISOString(),
    })
    .onConflict((oc) => oc.columns(['requestId', 'userId']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Staff told of a request to review (issue 25): active admins and volunteers, at most `limit`. */
export async function findStaffIds(db: Kysely<Database>, limit = 100) {
  const rows = await db
    .selectFrom('user')
    .select('id')
    .where('role', 'in', ['admin', 'volunteer'])
    .where('status', '=', 'active')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The person a notification is for — where to email them, in which language, whether active —
 * with their choices (every one on when they never chose), in one read by primary key (notify
 * runs for every notification: a pledge's, each donor of an alert wave's).
 */
export async function findRecipient(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('user')
    .leftJoin('notificationSetting as s', 's.userId', 'user.id')
    .select([
      'user.id',
      'user.email',
      'user.status',
      'user.language',
      's.userId as chose',
      's.matchAlerts',
      's.donationReminders',
      's.eligibilityNotices',
      's.requestUpdates',
      's.email as wantsEmail',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { id, email, status, language, chose, wantsEmail, ...choices } = row;
  // No row of choices when the join found none (`chose`, the row's key, is null).
  const settings = choicesOf(chose === null ? undefined : { ...choices, email: wantsEmail });
  return { id, email, status, language, settings };
}

/** A person's name, as a withdrawal is told to the requester. */
export async function findUserName(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('user')
    .select('name')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** When the person last gave blood and what (decision 031): null date when never. */
export async function findLastDonation(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('user')
    .select(['lastDonationDate', 'lastDonationComponent'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return {
    date: row ? toIso(row.lastDonationDate) : null,
    component: row?.lastDonationComponent ?? null,
  };
}

/** When the person last gave blood (ISO), or null. */
export async function findLastDonationDate(db: Kysely<Database>, userId: string) {
  const row = await db
    .selectFrom('user')
    .select('lastDonationDate')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? toIso(row.lastDonationDate) : null;
}
