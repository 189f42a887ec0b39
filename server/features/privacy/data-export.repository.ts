import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DataExport, DataExportList } from '../../../common/data-export.schema.ts';
import { notificationDataSchema } from '../../../common/notification-response.schema.ts';
import { toBool, toIso } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';

// Issue 31 item 4 (decision 041): the reads behind a person's copy of their data. The single
// rows (profile, number, settings) are read whole; every list is read a page at a time after the
// last key seen (its id, or for alerts the request's id), each page one indexed query of its own,
// so a long history never sits in memory at once and holds no transaction open.

/** Whose data: the account's id and its address now (contact messages are kept by address). */
export interface ExportSubject {
  id: string;
  email: string;
}

/** The account row as the file shows it, or undefined when it is gone. */
export async function findProfile(
  db: Kysely<Database>,
  id: string,
): Promise<DataExport['profile'] | undefined> {
  const row = await db
    .selectFrom('user')
    .select([
      'id',
      'name',
      'email',
      'emailVerified',
      'image',
      'role',
      'status',
      'bloodGroup',
      'division',
      'district',
      'upazila',
      'lastDonationDate',
      'lastDonationComponent',
      'searchVisible',
      'pausedUntil',
      'language',
      'twoFactorEnabled',
      'createdAt',
      'updatedAt',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    emailVerified: toBool(row.emailVerified),
    searchVisible: toBool(row.searchVisible),
    twoFactorEnabled: toBool(row.twoFactorEnabled),
    lastDonationDate: toIso(row.lastDonationDate),
    pausedUntil: toIso(row.pausedUntil),
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  };
}

/** Their verified number and its SMS choices, or null. */
export async function findPhone(db: Kysely<Database>, id: string): Promise<DataExport['phone']> {
  const row = await db
    .selectFrom('userPhone')
    .select(['phone', 'verifiedAt', 'smsAlerts', 'nightAlerts'])
    .where('userId', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    number: row.phone,
    verifiedAt: toIso(row.verifiedAt),
    smsAlerts: toBool(row.smsAlerts),
    nightAlerts: toBool(row.nightAlerts),
  };
}

/** Their choice of notifications, or null (never changed: every one on). */
export async function findNotificationSettings(
  db: Kysely<Database>,
  id: string,
): Promise<DataExport['notificationSettings']> {
  const row = await db
    .selectFrom('notificationSetting')
    .selectAll()
    .where('userId', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    matchAlerts: toBool(row.matchAlerts),
    donationReminders: toBool(row.donationReminders),
    eligibilityNotices: toBool(row.eligibilityNotices),
    requestUpdates: toBool(row.requestUpdates),
    email: toBool(row.email),
    updatedAt: toIso(row.updatedAt),
  };
}

/** One list's item type. */
type Item<K extends DataExportList> = DataExport[K][number];

/** A page of one list: at most `limit` items after `after`, each with its key, in key order. */
export type PageReader<K extends DataExportList> = (
  after: string | undefined,
  limit: number,
) => Promise<Array<{ key: string; item: Item<K> }>>;

/** Each list of the file, in the order it is written, and how its pages are read. */
export function listReaders(
  db: Kysely<Database>,
  subject: ExportSubject,
): { [K in DataExportList]: PageReader<K> } {
  const { id } = subject;
  return {
    consents: async (key, limit) =>
      (
        await db
          .selectFrom('userConsent')
          .select(['id', 'noticeVersion', 'givenAt', 'withdrawnAt'])
          .where('userId', '=', id)
          .$if(key !== undefined, (q) => q.where('id', '>', key as string))
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((row) => ({
        key: row.id,
        item: {
          noticeVersion: row.noticeVersion,
          givenAt: toIso(row.givenAt),
          withdrawnAt: toIso(row.withdrawnAt),
        },
      })),

    sessions: async (key, limit) =>
      (
        await db
          .selectFrom('session')
          .select(['id', 'parentId', 'createdAt', 'expiresAt', 'ipAddress', 'userAgent'])
          .where('userId', '=', id)
          .$if(key !== undefined, (q) => q.where('id', '>', key as string))
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((row) => ({
        key: row.id,
        item: {
          kind: row.parentId ? ('token' as const) : ('sign-in' as const),
          createdAt: toIso(row.createdAt),
          expiresAt: toIso(row.expiresAt),
          ipAddress: row.ipAddress,
          userAgent: row.userAgent,
        },
      })),

    uploads: async (key, limit) =>
      (
        await db
          .selectFrom('upload')
          .select(['name', 'uploadedAt', 'claimedAt'])
          .where('userId', '=', id)
          .$if(key !== undefined, (q) => q.where('name', '>', key as string))
          .orderBy('name')
          .limit(limit)
          .execute()
      ).map((row) => ({
        key: row.name,
        item: {
          name: row.name,
          uploadedAt: epochIso(row.uploadedAt),
          claimedAt: row.claimedAt === null ? null : epochIso(row.claimedAt),
        },
      })),

    requests: async (key, limit) =>
      (
        await db
          .selectFrom('donationRequest')
          .leftJoin('requestContact', 'requestContact.requestId', 'donationRequest.id')
          .select([
            'donationRequest.id',
            'requesterName',
            'requesterEmail',
            'recipientName',
            'bloodGroup',
            'component',
            'bags',
            'urgency',
            'division',
            'district',
            'upazila',
            'hospitalName',
            'fullAddress',
            'donationDate',
            'donationTime',
            'requestMessage',
            'status',
            'requestContact.phone as contactNumber',
            'donationRequest.verifiedAt',
            'removedAt',
            'removedReason',
            'donationRequest.createdAt',
            'donationRequest.updatedAt',
          ])
          .where('requesterId', '=', id)
          // Along the requester's own index (requesterId, createdAt, id), oldest first.
          .$if(key !== undefined, (q) => {
            const [at, last] = afterKey(key as string);
            return q.where((eb) =>
              eb(
                eb.refTuple('donationRequest.createdAt', 'donationRequest.id'),
                '>',
                eb.tuple(at, last),
              ),
            );
          })
          .orderBy('donationRequest.createdAt')
          .orderBy('donationRequest.id')
          .limit(limit)
          .execute()
      ).map((row) => ({
        key: keyOf(row.createdAt, row.id),
        item: {
          ...row,
          bags: Number(row.bags),
          contactNumber: row.contactNumber ?? null,
          verifiedAt: toIso(row.verifiedAt),
          removedAt: toIso(row.removedAt),
          createdAt: toIso(row.createdAt),
          updatedAt: toIso(row.updatedAt),
        },
      })),

    // Other donors on their requests: the name only, as the request page shows it to them.
    pledgesToMyRequests: async (key, limit) =>
      (
        await db
          .selectFrom('donationPledge')
          .innerJoin('donationRequest', 'donationRequest.id', 'donationPledge.requestId')
          .select([
            'donationPledge.id',
            'donationPledge.requestId',
            'donationPledge.donorName',
            'donationPledge.status',
            'donationPledge.pledgedAt',
            'donationPledge.settledAt',
          ])
          .where('donationRequest.requesterId', '=', id)
          .$if(key !== undefined, (q) => q.where('donationPledge.id', '>', key as string))
          .orderBy('donationPledge.id')
          .limit(limit)
          .execute()
      ).map((row) => ({
        key: row.id,
        item: {
          requestId: row.requestId,
          donorName: row.donorName,
          status: row.status,
          pledgedAt: toIso(row.pledgedAt),
          settledAt: toIso(row.settledAt),
        },
      })),

    pledges: async (key, limit) =>
      (
        await db
          .selectFrom('donationPledge')
          .innerJoin('donationRequest', 'donationRequest.id', 'donationPledge.requestId')
          .select([
            'donationPledge.id',
            'donationPledge.requestId',
            'donationPledge.status',
            'donationPledge.pledgedAt',
            'donationPledge.settledAt',
            'donationRequest.bloodGroup',
            'donationRequest.hospitalName',
            'donationRequest.district',
            'donationRequest.donationDate',
          ])
          .where('donationPledge.donorId', '=', id)
          .$if(key !== undefined, (q) => q.where('donationPledge.id', '>', key as string))
          .orderBy('donationPledge.id')
          .limit(limit)
          .execute()
      ).map((row) => ({
        key: row.id,
        item: { ...row, pledgedAt: toIso(row.pledgedAt), settledAt: toIso(row.settledAt) },
      })),

    donations: async (key, limit) =>
      (
        await db
          .selectFrom('donation')
          .select([
            'id',
            'requestId',
            'bloodGroup',
            'donationDate',
            'donationTime',
            'hospitalName',
            'district',
            'division',
            'createdAt',
          ])
          .where('donorId', '=', id)
          .$if(key !== undefined, (q) => q.where('id', '>', key as string))
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((row) => ({ key: row.id, item: { ...row, createdAt: toIso(row.createdAt) } })),

    withdrawals: async (key, limit) =>
      (
        await db
          .selectFrom('requestWithdrawal')
          .select(['id', 'requestId', 'recipientName', 'bloodGroup', 'donationDate', 'reason'])
          .select('createdAt')
          .where('donorId', '=', id)
          .$if(key !== undefined, (q) => q.where('id', '>', key as string))
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map(({ id: rowId, createdAt, ...row }) => ({
        key: rowId,
        item: { ...row, createdAt: toIso(createdAt) },
      })),

    alerts: async (key, limit) =>
      (
        await db
          .selectFrom('requestAlert')
          .select(['requestId', 'wave', 'createdAt'])
          .where('userId', '=', id)
          .$if(key !== undefined, (q) => q.where('requestId', '>', key as string))
          .orderBy('requestId')
          .limit(limit)
          .execute()
      ).map((row) => ({
        key: row.requestId,
        item: { requestId: row.requestId, wave: Number(row.wave), createdAt: toIso(row.createdAt) },
      })),

    notifications: async (key, limit) =>
      (
        await db
          .selectFrom('notification')
          .select(['id', 'kind', 'requestId', 'data', 'readAt', 'createdAt'])
          .where('userId', '=', id)
          // Along the person's own index (userId, createdAt, id), oldest first.
          .$if(key !== undefined, (q) => {
            const [at, last] = afterKey(key as string);
            return q.where((eb) => eb(eb.refTuple('createdAt', 'id'), '>', eb.tuple(at, last)));
          })
          .orderBy('createdAt')
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((row) => ({
        key: keyOf(row.createdAt, row.id),
        item: {
          id: row.id,
          kind: row.kind,
          requestId: row.requestId,
          data: notificationData(row.data),
          readAt: toIso(row.readAt),
          createdAt: toIso(row.createdAt),
        },
      })),

    reports: async (key, limit) =>
      (
        await db
          .selectFrom('requestReport')
          .select(['id', 'requestId', 'reason', 'note', 'status', 'createdAt', 'handledAt'])
          .where('reporterId', '=', id)
          .$if(key !== undefined, (q) => q.where('id', '>', key as string))
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((row) => ({
        key: row.id,
        item: { ...row, createdAt: toIso(row.createdAt), handledAt: toIso(row.handledAt) },
      })),

    // By the address they have now: the contact form takes no account.
    contactMessages: async (key, limit) =>
      (
        await db
          .selectFrom('contact')
          .select(['id', 'name', 'email', 'phone', 'message', 'status', 'createdAt', 'handledAt'])
          .where('email', '=', subject.email)
          .$if(key !== undefined, (q) => q.where('id', '>', key as string))
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((row) => ({
        key: row.id,
        item: { ...row, createdAt: toIso(row.createdAt), handledAt: toIso(row.handledAt) },
      })),

    smsMessages: async (key, limit) =>
      (
        await db
          .selectFrom('smsMessage')
          .select(['id', 'purpose', 'day', 'segments', 'status', 'createdAt'])
          .where('userId', '=', id)
          .$if(key !== undefined, (q) => q.where('id', '>', key as string))
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((row) => ({
        key: row.id,
        item: { ...row, segments: Number(row.segments), createdAt: toIso(row.createdAt) },
      })),

    // About them: staff acts on their account (its target), and whoever was shown their number
    // (its subject, 045). Who did it by name and role, never by address. Two reads, each along
    // its own index in id order, merged: one query with OR could walk the whole log by id.
    auditEntries: async (key, limit) => {
      const entries = (about: 'subject' | 'target') =>
        db
          .selectFrom('auditLog')
          .select([
            'id',
            'createdAt',
            'action',
            'actorName',
            'actorRole',
            'targetType',
            'targetId',
            'targetLabel',
            'detail',
          ])
          .$if(about === 'subject', (q) => q.where('subjectId', '=', id))
          .$if(about === 'target', (q) =>
            q.where('targetType', '=', 'user').where('targetId', '=', id),
          )
          .$if(key !== undefined, (q) => q.where('id', '>', key as string))
          .orderBy('id')
          .limit(limit)
          .execute();
      // An entry is never both (a reveal's target is a request), so nothing comes twice.
      const merged = [...(await entries('target')), ...(await entries('subject'))]
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .slice(0, limit);
      return merged.map(({ createdAt, ...row }) => ({
        key: row.id,
        item: { ...row, at: toIso(createdAt) },
      }));
    },
  };
}

/** A composite key (time, id) as one string, and back. */
const keyOf = (at: Date | string, id: string) => JSON.stringify([toIso(at), id]);
const afterKey = (key: string) => JSON.parse(key) as [string, string];

/** Epoch milliseconds (as either engine reads them) as an ISO time. */
const epochIso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** A notification's fields, any other key dropped. */
const knownData = z.object(notificationDataSchema.shape);

/** What a notification said, only the fields a notification has (never anything more). */
function notificationData(json: string): DataExport['notifications'][number]['data'] {
  try {
    const parsed = knownData.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}
