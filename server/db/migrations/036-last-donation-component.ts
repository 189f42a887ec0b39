import { type Kysely, type Migration, sql } from 'kysely';

// Frozen: never edit after release. Issue 27 (decision 031): the rest after a donation depends on
// what was given (whole blood or red cells 120 days, platelets and plasma less), so a donor's row
// keeps the kind of their last donation beside its date. Null is a donation of unknown kind —
// every one made before this, and Mark As Donated — and counts as whole blood, the longest rest,
// so no donor already resting becomes eligible sooner.
export const lastDonationComponent: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('user')
      .addColumn('lastDonationComponent', 'text', (c) =>
        c.check(
          sql`"lastDonationComponent" in ('whole_blood', 'red_cells', 'platelets', 'plasma')`,
        ),
      )
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('user').dropColumn('lastDonationComponent').execute();
  },
};
