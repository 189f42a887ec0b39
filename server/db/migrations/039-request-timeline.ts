import type { Kysely, Migration } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. Issue 29 (decision 034): what happens to a request, recorded
// as it happens, in the transaction of the change that causes it.
//
// - requestTimeline: one row per event of a request (created, a wave, an alert by channel, a
//   pledge, a withdrawal, a did-not-come, a bag donated, every bag pledged, done, canceled,
//   expired, removed). No person is named: the request, what happened, when, by which channel.
//   Goes with its request (cascade): a deleted request leaves only the anonymous daily counts.
// - requestOutcome: each request's outcome so far (its cell, bags, bags donated, when it got its
//   first pledge and every bag pledged, whether it was served on time), so that each change
//   adds to the daily counts only what it changed.
export const requestTimeline = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('requestTimeline')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('requestId', 'text', (c) =>
          c.notNull().references('donationRequest.id').onDelete('cascade'),
        )
        .addColumn('kind', 'text', (c) => c.notNull())
        // in_app or email for an alert; null for everything else.
        .addColumn('channel', 'text')
        .addColumn('at', ts, (c) => c.notNull())
        .execute();
      // A request's timeline in order (and the cascade's lookup).
      await db.schema
        .createIndex('request_timeline_request_idx')
        .on('requestTimeline')
        .columns(['requestId', 'at', 'id'])
        .execute();
      await db.schema
        .createTable('requestOutcome')
        .addColumn('requestId', 'text', (c) =>
          c.primaryKey().references('donationRequest.id').onDelete('cascade'),
        )
        // The request's cell in the daily counts, fixed when it was created.
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('division', 'text', (c) => c.notNull())
        .addColumn('urgency', 'text', (c) => c.notNull())
        .addColumn('component', 'text', (c) => c.notNull())
        .addColumn('bloodGroup', 'text', (c) => c.notNull())
        .addColumn('createdAt', ts, (c) => c.notNull())
        // What the daily counts hold for it so far.
        .addColumn('bags', 'integer', (c) => c.notNull())
        .addColumn('bagsDonated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('firstPledgeAt', ts)
        .addColumn('allPledgedAt', ts)
        .addColumn('servedOnTime', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('requestOutcome').execute();
      await db.schema.dropTable('requestTimeline').execute();
    },
  };
};
