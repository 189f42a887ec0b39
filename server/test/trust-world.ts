import { afterAll, beforeAll } from 'vitest';
import { toIso } from '../db/dialect.ts';
import {
  type RequestEvent,
  requestEventKind,
  requestEventSchema,
} from '../features/requests/request-events.ts';
import { bearerFor, createUser } from './factories.ts';
import { type CallResult, call } from './http.ts';
import { type ManualClock, manualClock } from './manual-clock.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type User = Awaited<ReturnType<typeof createUser>>;

/** A sign-up a year before the tests (whose clock starts now). */
export const SETTLED_AT = new Date(Date.now() - 365 * 24 * 3_600_000).toISOString();

/** The events of a request's life after it was posted (issue 14, 25): what these tests follow. */
const LIFECYCLE_TYPES = new Set<RequestEvent['type']>([
  'withdrawn',
  // Issue 27: a pledge's bag given back, a pledge settled, the bags changed.
  'pledge_withdrawn',
  'pledge_no_show',
  'pledge_donated',
  'bags_changed',
  'expired',
  'confirmation-due',
  'reposted',
  'removed',
  'hidden',
  'shown',
  'flagged',
]);

/**
 * The world of the trust tests: a fresh app whose clock the test moves, with a requester, three
 * other donors (settled accounts), a volunteer and an admin; the request events the app emitted
 * are read back from the job table, where emit writes them in the change's transaction (so an
 * event is there only if its change committed). Registers its own beforeAll and afterAll; read
 * the fields inside tests.
 */
export function setUpTrustWorld(env: Record<string, string> = {}) {
  /** Event rows already read (each is read once, so the order is the order they were read in). */
  const seen = new Set<string>();
  const recorded: RequestEvent[] = [];
  let clearedUpTo = 0;
  const world = {
    clock: manualClock(),
  } as {
    t: TestApp;
    clock: ManualClock;
    /**
     * The lifecycle events the app emitted since the last clearEvents(), in order (those of one
     * moment by id).
     */
    events: () => Promise<RequestEvent[]>;
    /** Forgets the events emitted so far. */
    clearEvents: () => Promise<void>;
    requester: User;
    donors: [User, User, User];
    volunteer: User;
    admin: User;
    /** `{headers}` that act as `user`. */
    as: (user: User) => Promise<{ headers: Record<string, string> }>;
    /** A call as `user`. */
    callAs: (user: User, method: string, path: string, body?: unknown) => Promise<CallResult<any>>;
  };
  const tokens = new Map<string, Record<string, string>>();
  beforeAll(async () => {
    world.t = await createTestApp(env, { clock: world.clock });
    world.requester = await createUser(world.t.db, { name: 'Rahima Begum' });
    // Settled accounts with verified emails: each one's report weighs 3, so three hide a
    // request (decision 024).
    const settled = { createdAt: SETTLED_AT, emailVerified: true };
    world.donors = [
      await createUser(world.t.db, { name: 'Donor One', ...settled }),
      await createUser(world.t.db, { name: 'Donor Two', ...settled }),
      await createUser(world.t.db, { name: 'Donor Three', ...settled }),
    ];
    world.volunteer = await createUser(world.t.db, { role: 'volunteer', name: 'Vera Volunteer' });
    world.admin = await createUser(world.t.db, { role: 'admin', name: 'Adam Admin' });
  });
  afterAll(() => world.t.close());
  async function readEvents() {
    const rows = await world.t.db
      .selectFrom('job')
      .select(['id', 'payload', 'createdAt'])
      .where('kind', '=', requestEventKind.kind)
      .execute();
    const fresh = rows
      .filter((row) => !seen.has(row.id))
      .sort(
        (a, b) =>
          (toIso(a.createdAt) ?? '').localeCompare(toIso(b.createdAt) ?? '') ||
          a.id.localeCompare(b.id),
      );
    for (const row of fresh) {
      seen.add(row.id);
      const event = requestEventSchema.parse(JSON.parse(row.payload));
      if (LIFECYCLE_TYPES.has(event.type)) recorded.push(event);
    }
    return recorded;
  }
  world.events = async () => (await readEvents()).slice(clearedUpTo);
  world.clearEvents = async () => {
    clearedUpTo = (await readEvents()).length;
  };
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
