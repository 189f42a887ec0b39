import type { Kysely, Migration } from 'kysely';

// Frozen: never edit after release. Issue 31 item 6 (retention): the purge deletes the rows
// older than their period in batches, oldest first; each table it purges is read by age through
// an index. Contact messages (createdAt, id), audit entries (createdAt, id) and jobs (status,
// runAt) have theirs already.
export const retentionIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('notification_created_idx')
      .on('notification')
      .columns(['createdAt', 'id'])
      .execute();
    await db.schema
      .createIndex('password_reset_created_idx')
      .on('passwordResetToken')
      .column('createdAt')
      .execute();
    await db.schema
      .createIndex('phone_verification_created_idx')
      .on('phoneVerification')
      .column('createdAt')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('phone_verification_created_idx').execute();
    await db.schema.dropIndex('password_reset_created_idx').execute();
    await db.schema.dropIndex('notification_created_idx').execute();
  },
};
