import type { Kysely, Migration } from 'kysely';

// Frozen: never edit after release. Issue 31 item 4 (a copy of my data): each part of a
// person's export is read through an index shaped like its query, and an audit entry can name
// the person it is about.
//
// - auditLog.subjectId: whose data the entry is about when that is not its target (a
//   `phone.reveal` or `phone.staffView` targets the request; its subject is the person whose
//   number was shown). Null for entries before this and for entries about no one person.
// - The entries about a person: by subject, and by target (staff acts on an account).
// - Messages sent through the contact form, by the sender's address (no account links them).
// - A person's uploads (the export lists them; erasure deletes them).
export const exportLookups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('auditLog').addColumn('subjectId', 'text').execute();
    await db.schema
      .createIndex('audit_log_subject_idx')
      .on('auditLog')
      .columns(['subjectId', 'id'])
      .execute();
    await db.schema
      .createIndex('audit_log_target_idx')
      .on('auditLog')
      .columns(['targetType', 'targetId', 'id'])
      .execute();
    await db.schema
      .createIndex('contact_email_idx')
      .on('contact')
      .columns(['email', 'id'])
      .execute();
    await db.schema.createIndex('upload_user_idx').on('upload').column('userId').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('upload_user_idx').execute();
    await db.schema.dropIndex('contact_email_idx').execute();
    await db.schema.dropIndex('audit_log_target_idx').execute();
    await db.schema.dropIndex('audit_log_subject_idx').execute();
    await db.schema.alterTable('auditLog').dropColumn('subjectId').execute();
  },
};
