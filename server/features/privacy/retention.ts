import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Env } from '../../lib/env.ts';
import * as purge from './retention.repository.ts';

// Issue 31 item 6 (PDPO 2025, decision 041): what RedHope keeps is kept only as long as it is
// needed. Each kind of record has its period (settings RETENTION_*); the hourly purge
// (retention.jobs.ts) deletes what is older, a batch per statement, each its own transaction.

export interface RetentionPeriods {
  contactDays: number;
  notificationDays: number;
  /** Finished jobs: the outbox's history of what was sent. */
  jobDays: number;
  /** Messages given up, kept for admins to resend. */
  failedJobDays: number;
  auditDays: number;
  /** One-time codes (phone codes, password-reset links) that no longer work. */
  codeDays: number;
}

export const retentionPeriods = (env: Env): RetentionPeriods => ({
  contactDays: env.RETENTION_CONTACT_DAYS,
  notificationDays: env.RETENTION_NOTIFICATION_DAYS,
  jobDays: env.RETENTION_JOB_DAYS,
  failedJobDays: env.RETENTION_FAILED_JOB_DAYS,
  auditDays: env.RETENTION_AUDIT_DAYS,
  codeDays: env.RETENTION_CODE_DAYS,
});

export interface PurgeOptions {
  now: Date;
  periods: RetentionPeriods;
  /** Rows per statement. */
  batchSize?: number;
  /**
   * Statements per kind in one run: a backlog (the first run after years, a period shortened)
   * is worked off over several runs rather than holding the worker for one long one.
   */
  maxBatches?: number;
}

export type PurgeResult = Record<
  'contacts' | 'notifications' | 'jobs' | 'failedJobs' | 'audit' | 'resetTokens' | 'phoneCodes',
  number
>;

const DAY_MS = 86_400_000;

/** Deletes every record past its period, in batches; answers how many of each kind went. */
export async function purgeExpired(
  db: Kysely<Database>,
  { now, periods, batchSize = 500, maxBatches = 100 }: PurgeOptions,
): Promise<PurgeResult> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const at = now.toISOString();
  const inBatches = async (batch: () => Promise<number>) => {
    let total = 0;
    for (let i = 0; i < maxBatches; i += 1) {
      const gone = await batch();
      total += gone;
      if (gone < batchSize) break;
    }
    return total;
  };
  const codesBefore = before(periods.codeDays);
  return {
    contacts: await inBatches(() =>
      purge.deleteContactsBefore(db, before(periods.contactDays), batchSize),
    ),
    notifications: await inBatches(() =>
      purge.deleteNotificationsBefore(db, before(periods.notificationDays), batchSize),
    ),
    jobs: await inBatches(() =>
      purge.deleteJobsBefore(db, 'done', before(periods.jobDays), batchSize),
    ),
    failedJobs: await inBatches(() =>
      purge.deleteJobsBefore(db, 'failed', before(periods.failedJobDays), batchSize),
    ),
    audit: await inBatches(() => purge.deleteAuditBefore(db, before(periods.auditDays), batchSize)),
    resetTokens: await inBatches(() =>
      purge.deleteResetTokensBefore(db, codesBefore, at, batchSize),
    ),
    phoneCodes: await inBatches(() => purge.deletePhoneCodesBefore(db, codesBefore, at, batchSize)),
  };
}
