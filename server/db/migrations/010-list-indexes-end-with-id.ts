import type { Kysely, Migration } from 'kysely';

// Frozen: never edit after release. Every list sorts by its key and then by id (donor search:
// name, id; All Users by status: createdAt, id), but the donor search indexes and the status
// index of the users list stopped before id. So the engine sorted each run of equal names
// itself ("USE TEMP B-TREE FOR LAST TERM OF ORDER BY", PostgreSQL's Incremental Sort), and a page
// deep in a list had every row before it fetched into that sort: page 200 of one blood group took
// 10 ms at 1M donors. Ending each index with id makes the order the index's own: a page is read
// straight off the index, an offset skips index entries only, a count of matches reads the index
// alone, and an `after` cursor (name, id) seeks.
//
// The upazila indexes also take the district after the upazila: the search form always sends
// the upazila with its district (and some upazila names occur in more than one district), so a
// search by upazila reads its own donors in name order, with no row fetched to check the district.
const SEARCH_INDEXES: Array<[string, string[], string[]]> = [
  ['user_search_group_district_idx', ['bloodGroup', 'district'], ['bloodGroup', 'district']],
  ['user_search_group_idx', ['bloodGroup'], ['bloodGroup']],
  ['user_search_district_idx', ['district'], ['district']],
  ['user_search_name_idx', [], []],
  ['user_search_division_name_idx', ['division'], ['division']],
  ['user_search_group_division_idx', ['bloodGroup', 'division'], ['bloodGroup', 'division']],
  ['user_search_upazila_idx', ['upazila', 'district'], ['upazila']],
  [
    'user_search_group_upazila_idx',
    ['bloodGroup', 'upazila', 'district'],
    ['bloodGroup', 'upazila'],
  ],
];

async function rebuild(db: Kysely<unknown>, withId: boolean) {
  const tail = withId ? ['name', 'id'] : ['name'];
  for (const [name, now, before] of SEARCH_INDEXES) {
    const columns = withId ? now : before;
    await db.schema.dropIndex(name).execute();
    await db.schema
      .createIndex(name)
      .on('user')
      .columns(['status', 'searchVisible', ...columns, ...tail])
      .execute();
  }
  await db.schema.dropIndex('user_status_idx').execute();
  await db.schema
    .createIndex('user_status_idx')
    .on('user')
    .columns(withId ? ['status', 'createdAt', 'id'] : ['status', 'createdAt'])
    .execute();
}

export const listIndexesEndWithId: Migration = {
  up: (db) => rebuild(db, true),
  down: (db) => rebuild(db, false),
};
