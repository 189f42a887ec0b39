import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONOR_EMAIL_HEADERS } from '../../../common/donor-email-budget.ts';
import type { DonorEmailBudgetReachedResponse } from '../../../common/donor-email-budget-response.schema.ts';
import type { MatchResponse } from '../../../common/match-response.schema.ts';
import type { DonorResponse } from '../../../common/user-response.schema.ts';
import { bearerFor, createRequest, createUser } from '../../test/factories.ts';
import { type CallResult, call } from '../../test/http.ts';
import { DAY, HOUR, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 25, item 18: a new, unverified account read all 407 donors' emails in 0.1 s by paging
// through the donor search (keyset pages, 100 a page): signed-in users see donors' emails, with no
// bound. Now each account has a daily budget of distinct donors whose email it sees (20 while new
// or unverified, 100 after, none for staff); past it the email is null as for a visitor, and the
// answer says so. On the code as it was, every test below that counts emails fails: all 150 show.

// The Redis store runs when TEST_REDIS_URL is set (CI sets it); the database store always.
const redisUrl = process.env.TEST_REDIS_URL;
const stores: Array<[string, Record<string, string>]> = [['database counters', {}]];
if (redisUrl) stores.push(['Redis counters', { REDIS_URL: redisUrl }]);

const DONORS = 150;

describe.each(stores)(`donor email budget (%s, ${process.env.TEST_ENGINE})`, (_store, env) => {
  // Half a day behind the wall clock: a day later is the next day in Dhaka, while the sessions
  // (stamped with the wall clock, valid a day) still hold.
  const clock = manualClock(new Date(Date.now() - 12 * HOUR));
  let t: TestApp;
  const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY).toISOString();

  beforeAll(async () => {
    t = await createTestApp(env, { clock });
    // 150 AB− donors in Sylhet, by name; the callers below are elsewhere, so never among them.
    for (let i = 0; i < DONORS; i++) {
      await createUser(t.db, {
        name: `Donor ${String(i).padStart(3, '0')}`,
        bloodGroup: 'AB-',
        division: 'Sylhet',
        district: 'Sylhet',
      });
    }
  }, 120_000);
  afterAll(() => t.close());

  /** A caller of the given kind, with a bearer token. */
  async function caller(overrides: Parameters<typeof createUser>[1] = {}) {
    const user = await createUser(t.db, { bloodGroup: 'O+', searchVisible: false, ...overrides });
    return { user, headers: await bearerFor(t.db, user.id) };
  }

  const search = (headers: Record<string, string>, query: string) =>
    call<DonorResponse[]>(t, 'GET', `/api/users/donor?${query}`, { headers });

  /** Every page of the AB− search, 50 a page, following the Link header's next links. */
  async function pageThrough(headers: Record<string, string>) {
    const pages = [];
    let next: string | undefined = '/api/users/donor?bloodGroup=AB-&limit=50';
    while (next) {
      const page: CallResult<DonorResponse[]> = await call<DonorResponse[]>(t, 'GET', next, {
        headers,
      });
      expect(page.status).toBe(200);
      pages.push(page);
      next = /<([^>]+)>; rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
    }
    const donors = pages.flatMap((page) => page.body);
    expect(donors).toHaveLength(DONORS);
    return { pages, donors, emails: donors.filter((donor) => donor.email !== null) };
  }

  const budgetOf = (headers: Headers) => ({
    limit: headers.get(DONOR_EMAIL_HEADERS.limit),
    seen: headers.get(DONOR_EMAIL_HEADERS.seen),
    hidden: headers.get(DONOR_EMAIL_HEADERS.hidden),
  });

  it('a fresh, unverified account paging through 150 donors sees 20 emails; the rest are masked and the answer says so', async () => {
    const fresh = await caller();
    const { pages, donors, emails } = await pageThrough(fresh.headers);
    expect(emails).toHaveLength(20);
    // The first 20 by name, in the order shown; then none.
    expect(donors.slice(0, 20).every((donor) => donor.email !== null)).toBe(true);
    expect(donors.slice(20).every((donor) => donor.email === null)).toBe(true);
    expect(pages.map((page) => budgetOf(page.headers))).toEqual([
      { limit: '20', seen: '20', hidden: '30' },
      { limit: '20', seen: '20', hidden: '50' },
      { limit: '20', seen: '20', hidden: '50' },
    ]);
  });

  it('seeing the same donors again that day costs nothing, and is not hidden', async () => {
    const fresh = await caller();
    const first = await search(fresh.headers, 'bloodGroup=AB-&limit=10');
    const again = await search(fresh.headers, 'bloodGroup=AB-&limit=10');
    expect(again.body).toEqual(first.body);
    expect(again.body.every((donor) => donor.email !== null)).toBe(true);
    expect(budgetOf(again.headers)).toEqual({ limit: '20', seen: '10', hidden: '0' });
    // Ten more are left: the next 15 show 10 of them.
    const more = await search(fresh.headers, 'bloodGroup=AB-&limit=25');
    expect(more.body.filter((donor) => donor.email !== null)).toHaveLength(20);
    expect(budgetOf(more.headers)).toEqual({ limit: '20', seen: '20', hidden: '5' });
  });

  it('pages asked for at once never show more than the budget between them', async () => {
    const fresh = await caller();
    const pages = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => search(fresh.headers, `bloodGroup=AB-&limit=25&page=${n}`)),
    );
    const shown = pages.flatMap((page) => page.body).filter((donor) => donor.email !== null);
    expect(shown.length).toBeLessThanOrEqual(20);
    // Afterwards the day's emails are the ones shown, and no others.
    const { emails } = await pageThrough(fresh.headers);
    expect(emails.map((donor) => donor.id).sort()).toEqual(shown.map((donor) => donor.id).sort());
  });

  it('an account older than 7 days with a verified email sees 100', async () => {
    const older = await caller({ emailVerified: true, createdAt: daysAgo(30) });
    const { emails, pages } = await pageThrough(older.headers);
    expect(emails).toHaveLength(100);
    expect(budgetOf(pages[2]?.headers ?? new Headers())).toEqual({
      limit: '100',
      seen: '100',
      hidden: '50',
    });
  });

  it('an old account with an unverified email, or a verified one younger than 7 days, is still new: 20', async () => {
    const unverified = await caller({ createdAt: daysAgo(30) });
    const young = await caller({ emailVerified: true, createdAt: daysAgo(6) });
    expect((await pageThrough(unverified.headers)).emails).toHaveLength(20);
    expect((await pageThrough(young.headers)).emails).toHaveLength(20);
  });

  it('volunteers and admins have no budget: every email, and no budget headers', async () => {
    for (const role of ['volunteer', 'admin'] as const) {
      const staff = await caller({ role });
      const { emails, pages } = await pageThrough(staff.headers);
      expect(emails).toHaveLength(DONORS);
      expect(budgetOf(pages[0]?.headers ?? new Headers())).toEqual({
        limit: null,
        seen: null,
        hidden: null,
      });
    }
  });

  it('visitors are unchanged: no email, and no budget headers', async () => {
    const page = await search({}, 'bloodGroup=AB-&limit=100');
    expect(page.body).toHaveLength(100);
    expect(page.body.every((donor) => donor.email === null)).toBe(true);
    expect(budgetOf(page.headers)).toEqual({ limit: null, seen: null, hidden: null });
  });

  it('the budget starts again the next day (Dhaka time)', async () => {
    const fresh = await caller();
    expect((await pageThrough(fresh.headers)).emails).toHaveLength(20);
    clock.advance(DAY);
    try {
      const nextDay = await pageThrough(fresh.headers);
      expect(nextDay.emails).toHaveLength(20);
      expect(budgetOf(nextDay.pages[0]?.headers ?? new Headers())).toEqual({
        limit: '20',
        seen: '20',
        hidden: '30',
      });
    } finally {
      clock.advance(-DAY);
    }
  });

  it("a request's matches count against the same budget: a requester cannot list donors' emails past it", async () => {
    const requester = await caller();
    const request = await createRequest(t.db, requester.user, {
      bloodGroup: 'AB-',
      division: 'Sylhet',
      district: 'Sylhet',
    });
    const matches = (query: string) =>
      call<MatchResponse[]>(t, 'GET', `/api/donation-request/${request.id}/matches?${query}`, {
        headers: requester.headers,
      });
    const first = await matches('limit=100');
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(100);
    expect(first.body.filter((match) => match.email !== null)).toHaveLength(20);
    expect(budgetOf(first.headers)).toEqual({ limit: '20', seen: '20', hidden: '80' });
    // Spent in the matches, spent in the search too.
    const found = await search(requester.headers, 'bloodGroup=AB-&limit=5&page=30');
    expect(found.body).toHaveLength(5);
    expect(found.body.every((donor) => donor.email === null)).toBe(true);
    // Staff acting on the request see every match's email.
    const volunteer = await caller({ role: 'volunteer' });
    const staffView = await call<MatchResponse[]>(
      t,
      'GET',
      `/api/donation-request/${request.id}/matches?limit=100`,
      { headers: volunteer.headers },
    );
    expect(staffView.body.every((match) => match.email !== null)).toBe(true);
  });

  it('staff see the accounts that went past their budget, with the day, the budget and how many were hidden; others may not', async () => {
    const harvester = await caller({ name: 'Harvester' });
    await pageThrough(harvester.headers);
    const staff = await caller({ role: 'volunteer' });
    const list = await call<DonorEmailBudgetReachedResponse[]>(
      t,
      'GET',
      '/api/donor-emails/budget-reached?limit=100',
      { headers: staff.headers },
    );
    expect(list.status).toBe(200);
    const row = list.body.find((entry) => entry.userId === harvester.user.id);
    expect(row).toMatchObject({
      name: 'Harvester',
      email: harvester.user.email,
      role: 'donor',
      allowance: 20,
      hidden: 130,
    });
    expect(row?.reachedAt).toBe(clock.now().toISOString());
    // Newest first.
    const times = list.body.map((entry) => entry.reachedAt);
    expect(times).toEqual([...times].sort().reverse());

    const donor = await caller();
    const refused = await call(t, 'GET', '/api/donor-emails/budget-reached', {
      headers: donor.headers,
    });
    expect(refused.status).toBe(403);
    const visitor = await call(t, 'GET', '/api/donor-emails/budget-reached', { headers: {} });
    expect(visitor.status).toBe(401);
  });
});
