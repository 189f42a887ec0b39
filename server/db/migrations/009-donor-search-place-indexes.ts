import type { Kysely, Migration } from 'kysely';

// Frozen: never edit after release. Donor search by division alone (the UI's first select) or by
// upazila had no index led by that column: it walked every visible donor by name (1.3 s a search
// at 1M donors). Equality columns first, then the sort column, as in 005. And the admin's list
// of every user, newest first, had no index for its order.
export const donorSearchPlaceIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    const index = (name: string, columns: string[]) =>
      db.schema
        .createIndex(name)
        .on('user')
        .columns(['status', 'searchVisible', ...columns])
        .execute();
    await index('user_search_division_name_idx', ['division', 'name']);
    await index('user_search_group_division_idx', ['bloodGroup', 'division', 'name']);
    await index('user_search_upazila_idx', ['upazila', 'name']);
    await index('user_search_group_upazila_idx', ['bloodGroup', 'upazila', 'name']);
    // All Users without a status filter: newest first, read in index order, not sorted whole.
    await db.schema
      .createIndex('user_created_idx')
      .on('user')
      .columns(['createdAt', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const name of [
      'user_search_division_name_idx',
      'user_search_group_division_idx',
      'user_search_upazila_idx',
      'user_search_group_upazila_idx',
      'user_created_idx',
    ]) {
      await db.schema.dropIndex(name).execute();
    }
  },
};
