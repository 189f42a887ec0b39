import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 14: the records trust is built on.
//
// - requestReport: one report per person per request (a UNIQUE pair), open until staff dismiss
//   it or uphold it by removing the request. A deleted reporter's report stays (and counts).
// - requestWithdrawal: a donor backed out of a request they had accepted. What the request was
//   is copied, so the record (and the donor's count) outlives a deleted request.
// - auditLog: every staff action on someone else's things: who (as they were), what, on what.
//   No foreign keys: the log outlives the accounts and rows it names.
//
// Every index is shaped like one query: equality columns first, then the sort columns.
export const trustRecords = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('requestReport')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('requestId', 'text', (c) =>
          c.notNull().references('donationRequest.id').onDelete('cascade'),
        )
        .addColumn('reporterId', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('reporterName', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) =>
          c.notNull().check(sql`"reason" in ('asks-for-money', 'fake-or-duplicate', 'abusive')`),
        )
        .addColumn('note', 'text')
        .addColumn('status', 'text', (c) =>
          c.notNull().defaultTo('open').check(sql`"status" in ('open', 'dismissed', 'upheld')`),
        )
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addColumn('handledAt', ts)
        .addColumn('handledById', 'text')
        .addColumn('handledByName', 'text')
        .addUniqueConstraint('request_report_once', ['requestId', 'reporterId'])
        .execute();
      // The reports of one request, newest first (and the cascade's lookup).
      await db.schema
        .createIndex('request_report_request_idx')
        .on('requestReport')
        .columns(['requestId', 'createdAt', 'id'])
        .execute();
      // ON DELETE SET NULL looks reports up by their reporter.
      await db.schema
        .createIndex('request_report_reporter_idx')
        .on('requestReport')
        .column('reporterId')
        .execute();

      await db.schema
        .createTable('requestWithdrawal')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('requestId', 'text', (c) =>
          c.references('donationRequest.id').onDelete('set null'),
        )
        .addColumn('recipientName', 'text', (c) => c.notNull())
        .addColumn('bloodGroup', 'text', (c) => c.notNull())
        .addColumn('donationDate', 'text', (c) => c.notNull())
        .addColumn('donorId', 'text', (c) => c.references('user.id').onDelete('set null'))
        .addColumn('donorName', 'text', (c) => c.notNull())
        .addColumn('donorEmail', 'text')
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('createdAt', ts, (c) => c.notNull())
        .execute();
      const withdrawalIndex = (name: string, columns: string[]) =>
        db.schema.createIndex(name).on('requestWithdrawal').columns(columns).execute();
      // Every withdrawal, newest first (staff); one donor's, and their count.
      await withdrawalIndex('request_withdrawal_created_idx', ['createdAt', 'id']);
      await withdrawalIndex('request_withdrawal_donor_idx', ['donorId', 'createdAt', 'id']);
      // One donor's, by the email they had (staff filter).
      await withdrawalIndex('request_withdrawal_donor_email_idx', [
        'donorEmail',
        'createdAt',
        'id',
      ]);
      // ON DELETE SET NULL looks withdrawals up by their request.
      await withdrawalIndex('request_withdrawal_request_idx', ['requestId']);

      await db.schema
        .createTable('auditLog')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addColumn('actorId', 'text', (c) => c.notNull())
        .addColumn('actorName', 'text', (c) => c.notNull())
        .addColumn('actorEmail', 'text', (c) => c.notNull())
        .addColumn('actorRole', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('targetType', 'text', (c) =>
          c.notNull().check(sql`"targetType" in ('user', 'request', 'report', 'blog')`),
        )
        .addColumn('targetId', 'text', (c) => c.notNull())
        .addColumn('targetLabel', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .execute();
      const auditIndex = (name: string, columns: string[]) =>
        db.schema.createIndex(name).on('auditLog').columns(columns).execute();
      // The log newest first: whole, by action, by actor, by actor and action.
      await auditIndex('audit_log_created_idx', ['createdAt', 'id']);
      await auditIndex('audit_log_action_idx', ['action', 'createdAt', 'id']);
      await auditIndex('audit_log_actor_idx', ['actorEmail', 'createdAt', 'id']);
      await auditIndex('audit_log_actor_action_idx', ['actorEmail', 'action', 'createdAt', 'id']);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('auditLog').execute();
      await db.schema.dropTable('requestWithdrawal').execute();
      await db.schema.dropTable('requestReport').execute();
    },
  };
};
