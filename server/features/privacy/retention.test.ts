import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { createContactMessage, createUser } from '../../test/factories.ts';
import { DAY, HOUR, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';
import { scheduleRetentionPurge } from './retention.jobs.ts';
import { purgeExpired, retentionPeriods } from './retention.ts';

// Issue 31 item 6 (decision 041): contact messages, notifications, finished jobs, audit entries
// and one-time codes are kept for their period (settings RETENTION_*, defaults here), then the
// hourly purge deletes them in batches. Time is the test's clock.

const clock = manualClock();
let t: TestApp;
let worker: ReturnType<typeof testWorker>;
beforeEach(async () => {
  clock.set(new Date('2026-11-29T06:00:00.000Z'));
  t = await createTestApp({}, { clock });
  worker = testWorker(t);
});
afterEach(() => t.close());

/** `days` before the clock's now, as stored. */
const ago = (days: number) => new Date(clock.now().getTime() - days * DAY).toISOString();
const later = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();

async function notification(userId: string, createdAt: string) {
  const id = newId();
  await t.db
    .insertInto('notification')
    .values({ id, userId, kind: 'match-alert', requestId: null, data: '{}', createdAt })
    .execute();
  return id;
}

async function job(status: 'done' | 'failed' | 'pending', runAt: string) {
  const id = newId();
  await t.db
    .insertInto('job')
    .values({
      id,
      kind: 'email',
      payload: '{}',
      runAt,
      status,
      dedupeKey: null,
      lockedBy: null,
      lastError: null,
      createdAt: runAt,
      updatedAt: runAt,
    })
    .execute();
  return id;
}

async function audit(createdAt: string) {
  const id = newId();
  await t.db
    .insertInto('auditLog')
    .values({
      id,
      createdAt,
      actorId: newId(),
      actorName: 'Admin',
      actorEmail: 'admin@example.org',
      actorRole: 'admin',
      action: 'user.block',
      targetType: 'user',
      targetId: newId(),
      targetLabel: 'Someone',
    })
    .execute();
  return id;
}

async function resetToken(
  userId: string,
  createdAt: string,
  expiresAt: string,
  usedAt: string | null = null,
) {
  const id = newId();
  await t.db
    .insertInto('passwordResetToken')
    .values({ id, userId, tokenHash: id, createdAt, expiresAt, usedAt })
    .execute();
  return id;
}

async function phoneCode(userId: string, createdAt: string, expiresAt: string | null) {
  const id = newId();
  await t.db
    .insertInto('phoneVerification')
    .values({ userId, id, phone: '+8801711000000', codeHash: 'x', expiresAt, createdAt })
    .execute();
  return id;
}

const ids = async (table: 'contact' | 'notification' | 'job' | 'auditLog') =>
  (await t.db.selectFrom(table).select('id').execute()).map((row) => row.id).sort();
const codeIds = async (table: 'passwordResetToken' | 'phoneVerification') =>
  (await t.db.selectFrom(table).select('id').execute()).map((row) => row.id).sort();

describe(`records past their retention period (${process.env.TEST_ENGINE})`, () => {
  it('the hourly purge deletes expired rows of each kind and keeps fresh ones, by the clock', async () => {
    const periods = retentionPeriods(t.deps.env);
    // The defaults the README states.
    expect(periods).toEqual({
      contactDays: 365,
      notificationDays: 180,
      jobDays: 7,
      failedJobDays: 30,
      auditDays: 730,
      codeDays: 1,
    });
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db)));
    const [a, b, c, d] = users.map((user) => user.id) as [string, string, string, string];

    // Each kind: one a day past its period, one a day short of it.
    await createContactMessage(t.db, { createdAt: ago(366) });
    const newContact = await createContactMessage(t.db, { createdAt: ago(364) });
    await notification(a, ago(181));
    const newNotification = await notification(a, ago(179));
    await job('done', ago(8));
    const newDone = await job('done', ago(6));
    await job('failed', ago(31));
    const newFailed = await job('failed', ago(29));
    // Waiting work is never retention's to delete, however old.
    const stuck = await job('pending', ago(400));
    await audit(ago(731));
    const newAudit = await audit(ago(729));
    // Codes: gone a day after they were made once they no longer work; never while they do.
    await resetToken(a, ago(2), ago(2), ago(2));
    await resetToken(b, ago(2), ago(1.9));
    const liveToken = await resetToken(c, ago(2), later(10));
    const freshToken = await resetToken(d, ago(0.5), ago(0.4), ago(0.45));
    await phoneCode(a, ago(2), ago(1.9));
    await phoneCode(b, ago(2), null);
    const liveCode = await phoneCode(c, ago(2), later(10));
    const freshCode = await phoneCode(d, ago(0.5), ago(0.4));

    await scheduleRetentionPurge(t.db, clock.now());
    await worker.runDue();

    expect(await ids('contact')).toEqual([newContact]);
    expect(await ids('notification')).toEqual([newNotification]);
    const jobs = await t.db.selectFrom('job').select(['id', 'kind', 'status']).execute();
    const kept = jobs.filter((row) => row.kind === 'email').map((row) => row.id);
    expect(kept.sort()).toEqual([newDone, newFailed, stuck].sort());
    expect(await ids('auditLog')).toEqual([newAudit]);
    expect(await codeIds('passwordResetToken')).toEqual([liveToken, freshToken].sort());
    expect(await codeIds('phoneVerification')).toEqual([liveCode, freshCode].sort());

    // The next hour's run is scheduled; two days on, what was fresh has expired too.
    const next = await t.db
      .selectFrom('job')
      .select('runAt')
      .where('kind', '=', 'retention-purge')
      .where('status', '=', 'pending')
      .execute();
    expect(next).toHaveLength(1);
    clock.advance(2 * DAY + HOUR);
    await worker.runDue();
    expect(await ids('contact')).toEqual([]);
    expect(await ids('notification')).toEqual([]);
    const after = await t.db.selectFrom('job').select(['id', 'kind']).execute();
    // The first run's own job, done two days ago, is kept for its week like any other.
    expect(after.filter((row) => row.kind === 'email').map((row) => row.id)).toEqual([stuck]);
    expect(await ids('auditLog')).toEqual([]);
    expect(await codeIds('passwordResetToken')).toEqual([liveToken]);
    expect(await codeIds('phoneVerification')).toEqual([liveCode]);
  });

  it('deletes in bounded batches: a backlog goes over several runs', async () => {
    for (let i = 0; i < 5; i += 1) await createContactMessage(t.db, { createdAt: ago(400) });
    await createContactMessage(t.db, { createdAt: ago(1) });
    const periods = retentionPeriods(t.deps.env);
    const first = await purgeExpired(t.db, {
      now: clock.now(),
      periods,
      batchSize: 2,
      maxBatches: 2,
    });
    expect(first.contacts).toBe(4);
    expect(await ids('contact')).toHaveLength(2);
    const second = await purgeExpired(t.db, {
      now: clock.now(),
      periods,
      batchSize: 2,
      maxBatches: 2,
    });
    expect(second.contacts).toBe(1);
    expect(await ids('contact')).toHaveLength(1);
  });

  it('follows the settings: a shorter period purges sooner', async () => {
    const short = await createTestApp({ RETENTION_NOTIFICATION_DAYS: '3' }, { clock });
    try {
      const user = await createUser(short.db);
      const at = (days: number) => new Date(clock.now().getTime() - days * DAY).toISOString();
      for (const [days, kind] of [
        [4, 'old'],
        [2, 'fresh'],
      ] as const) {
        await short.db
          .insertInto('notification')
          .values({
            id: newId(),
            userId: user.id,
            kind: 'match-alert',
            requestId: null,
            data: JSON.stringify({ recipientName: kind }),
            createdAt: at(days),
          })
          .execute();
      }
      await scheduleRetentionPurge(short.db, clock.now());
      await testWorker(short).runDue();
      const left = await short.db.selectFrom('notification').select('data').execute();
      expect(left.map((row) => JSON.parse(row.data).recipientName)).toEqual(['fresh']);
    } finally {
      await short.close();
    }
  });
});
