import { afterAll, beforeAll } from 'vitest';
import { bearerFor, createUser } from '../../test/factories.ts';
import { type CallResult, call } from '../../test/http.ts';
import { type ManualClock, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { RequestLifecycleEvent } from './request-events.ts';

export type User = Awaited<ReturnType<typeof createUser>>;

/**
 * The world of the trust tests: a fresh app whose clock the test moves and whose request events
 * are recorded, with a requester, three other donors, a volunteer and an admin. Registers its
 * own beforeAll and afterAll; read the fields inside tests.
 */
export function setUpTrustWorld(env: Record<string, string> = {}) {
  const world = {
    events: [] as RequestLifecycleEvent[],
    clock: manualClock(),
  } as {
    t: TestApp;
    clock: ManualClock;
    /** Every event the app raised, in order, with the transaction it was raised in. */
    events: RequestLifecycleEvent[];
    requester: User;
    donors: [User, User, User];
    volunteer: User;
    admin: User;
    /** `{headers}` that act as `user`. */
    as: (user: User) => Promise<{ headers: Record<string, string> }>;
    /** A call as `user`. */
    // biome-ignore lint/suspicious/noExplicitAny: an answer's body is whatever the test expects
    callAs: (user: User, method: string, path: string, body?: unknown) => Promise<CallResult<any>>;
  };
  const tokens = new Map<string, Record<string, string>>();
  beforeAll(async () => {
    world.t = await createTestApp(env, {
      clock: world.clock,
      requestEvents: async (db, event) => {
        // Raised inside the change's transaction: the request already reads as changed there.
        const row = await db
          .selectFrom('donationRequest')
          .select('status')
          .where('id', '=', event.requestId)
          .executeTakeFirst();
        if (event.type === 'withdrawn' && row?.status !== 'pending') {
          throw new Error('withdrawn raised before the request was pending again');
        }
        world.events.push(event);
      },
    });
    world.requester = await createUser(world.t.db, { name: 'Rahima Begum' });
    world.donors = [
      await createUser(world.t.db, { name: 'Donor One' }),
      await createUser(world.t.db, { name: 'Donor Two' }),
      await createUser(world.t.db, { name: 'Donor Three' }),
    ];
    world.volunteer = await createUser(world.t.db, { role: 'volunteer', name: 'Vera Volunteer' });
    world.admin = await createUser(world.t.db, { role: 'admin', name: 'Adam Admin' });
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
  world.callAs = async (user, method, path, body) =>
    call(world.t, method, path, {
      ...(await world.as(user)),
      ...(body === undefined ? {} : { body }),
    });
  return world;
}
