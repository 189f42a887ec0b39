import { type Kysely, type Migration, sql } from 'kysely';

type Engine = 'sqlite' | 'postgres';

// Frozen: never edit after release. The tables better-auth reads and writes (user, session,
// account, verification), with RedHope's donor fields on user, plus our counters.
export const auth = (engine: Engine): Migration => {
  const ts = engine === 'postgres' ? 'timestamptz' : 'text';
  const bool = engine === 'postgres' ? 'boolean' : 'integer';
  const TRUE = engine === 'postgres' ? sql`true` : sql`1`;
  const FALSE = engine === 'postgres' ? sql`false` : sql`0`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', bool, (c) => c.notNull().defaultTo(FALSE))
        .addColumn('image', 'text')
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addColumn('updatedAt', ts, (c) => c.notNull())
        .addColumn('role', 'text', (c) =>
          c.notNull().defaultTo('donor').check(sql`"role" in ('donor', 'volunteer', 'admin')`),
        )
        .addColumn('status', 'text', (c) =>
          c.notNull().defaultTo('active').check(sql`"status" in ('active', 'block')`),
        )
        .addColumn('bloodGroup', 'text', (c) =>
          c.notNull().check(sql`"bloodGroup" in ('A+','A-','B+','B-','AB+','AB-','O+','O-')`),
        )
        .addColumn('division', 'text', (c) => c.notNull())
        .addColumn('district', 'text', (c) => c.notNull())
        .addColumn('upazila', 'text')
        .addColumn('lastDonationDate', ts)
        .addColumn('searchVisible', bool, (c) => c.notNull().defaultTo(TRUE))
        .execute();
      // Donor search: equality columns first, then the sort column (see DESIGN.md).
      await db.schema
        .createIndex('user_search_idx')
        .on('user')
        .columns(['bloodGroup', 'district', 'name'])
        .execute();
      await db.schema
        .createIndex('user_search_division_idx')
        .on('user')
        .columns(['division', 'district', 'name'])
        .execute();
      await db.schema
        .createIndex('user_status_idx')
        .on('user')
        .columns(['status', 'createdAt'])
        .execute();
      await db.schema.createIndex('user_role_idx').on('user').column('role').execute();

      await db.schema
        .createTable('session')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('expiresAt', ts, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addColumn('updatedAt', ts, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('session_user_idx').on('session').column('userId').execute();

      await db.schema
        .createTable('account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', ts)
        .addColumn('refreshTokenExpiresAt', ts)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addColumn('updatedAt', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('account_user_idx').on('account').column('userId').execute();

      await db.schema
        .createTable('verification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', ts, (c) => c.notNull())
        .addColumn('createdAt', ts, (c) => c.notNull())
        .addColumn('updatedAt', ts, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('verification_identifier_idx')
        .on('verification')
        .column('identifier')
        .execute();

      await db.schema
        .createTable('counter')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('windowStart', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['counter', 'verification', 'account', 'session', 'user']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
};
