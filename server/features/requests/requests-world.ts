import { afterAll, beforeAll } from 'vitest';
import { bearerFor, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

export type User = Awaited<ReturnType<typeof createUser>>;

/**
 * The world every request test file starts from: a fresh app and database, a requester, another
 * donor, a volunteer and an admin, with bearer headers for each. Registers its own beforeAll and
 * afterAll; read the fields inside tests (they are set once the app is up).
 */
export function setUpRequestsWorld() {
  const world = {} as {
    t: TestApp;
    requester: User;
    other: User;
    volunteer: User;
    admin: User;
    /** `{headers}` that act as `user`. */
    as: (user: User) => Promise<{ headers: Record<string, string> }>;
    /** The stored row of a request. */
    row: (id: string) => ReturnType<typeof findRow>;
  };
  const tokens = new Map<string, Record<string, string>>();
  const findRow = (id: string) =>
    world.t.db
      .selectFrom('donationRequest')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  beforeAll(async () => {
    world.t = await createTestApp();
    world.requester = await createUser(world.t.db, { name: 'Rahima Begum' });
    world.other = await createUser(world.t.db, { name: 'Other Donor' });
    world.volunteer = await createUser(world.t.db, { role: 'volunteer' });
    world.admin = await createUser(world.t.db, { role: 'admin' });
  });
  afterAll(() => world.t.close());
  world.as = async (user) => {
    let headers = tokens.get(user.id);
    if (!headers) {
      headers = await bearerFor(world.t.db, user.id);
      tokens.set(user.id, headers);
    }
    return { headers };
  };
  world.row = findRow;
  return world;
}
