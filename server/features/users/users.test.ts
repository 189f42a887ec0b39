import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { donorResponseSchema, userResponseSchema } from '../../../common/user-response.schema.ts';
import { bearerFor, createUser } from '../../test/factories.ts';
import { call, sessionCookie, signIn } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Actor = 'visitor' | 'self' | 'otherDonor' | 'volunteer' | 'admin' | 'blocked';
type People = Awaited<ReturnType<typeof makePeople>>;

async function makePeople() {
  const self = await createUser(t.db, { name: 'Self Donor' });
  const otherDonor = await createUser(t.db);
  const volunteer = await createUser(t.db, { role: 'volunteer' });
  const admin = await createUser(t.db, { role: 'admin' });
  const blocked = await createUser(t.db, { status: 'block' });
  const headers: Record<Actor, Record<string, string>> = {
    visitor: {},
    self: await bearerFor(t.db, self.id),
    otherDonor: await bearerFor(t.db, otherDonor.id),
    volunteer: await bearerFor(t.db, volunteer.id),
    admin: await bearerFor(t.db, admin.id),
    blocked: await bearerFor(t.db, blocked.id),
  };
  return { self, otherDonor, volunteer, admin, blocked, headers };
}

let p: People;
beforeEach(async () => {
  p = await makePeople();
});

const ACTORS: Actor[] = ['visitor', 'self', 'otherDonor', 'volunteer', 'admin', 'blocked'];

/**
 * Who may do what to `self`. Each row: the call, and the expected status for each actor.
 * Visitors get 401, blocked users 403, everyone else per the role rules of SPEC §6 / DESIGN §1.
 */
const matrix: Array<{
  name: string;
  request: (p: People) => [string, string, unknown?];
  expect: Record<Actor, number>;
}> = [
  {
    name: 'GET /users/:email',
    request: (p) => ['GET', `/api/users/${p.self.email}`],
    expect: { visitor: 401, self: 200, otherDonor: 403, volunteer: 200, admin: 200, blocked: 403 },
  },
  {
    // Decision 045: the same path also takes the id, with the same rules.
    name: 'GET /users/:id',
    request: (p) => ['GET', `/api/users/${p.self.id}`],
    expect: { visitor: 401, self: 200, otherDonor: 403, volunteer: 200, admin: 200, blocked: 403 },
  },
  {
    name: 'PATCH /users/:id',
    request: (p) => ['PATCH', `/api/users/${p.self.id}`, { name: 'Changed' }],
    expect: { visitor: 401, self: 200, otherDonor: 403, volunteer: 403, admin: 403, blocked: 403 },
  },
  {
    name: 'PATCH /users/donor/:id',
    request: (p) => ['PATCH', `/api/users/donor/${p.self.id}`, {}],
    expect: { visitor: 401, self: 200, otherDonor: 403, volunteer: 403, admin: 403, blocked: 403 },
  },
  {
    name: 'GET /users/check-admin/:email',
    request: (p) => ['GET', `/api/users/check-admin/${p.self.email}`],
    expect: { visitor: 401, self: 200, otherDonor: 403, volunteer: 403, admin: 403, blocked: 403 },
  },
  {
    name: 'GET /users/check-volunteer/:email',
    request: (p) => ['GET', `/api/users/check-volunteer/${p.self.email}`],
    expect: { visitor: 401, self: 200, otherDonor: 403, volunteer: 403, admin: 403, blocked: 403 },
  },
  {
    name: 'GET /users',
    request: () => ['GET', '/api/users'],
    expect: { visitor: 401, self: 403, otherDonor: 403, volunteer: 403, admin: 200, blocked: 403 },
  },
  {
    name: 'PATCH /users/admin/:id',
    request: (p) => ['PATCH', `/api/users/admin/${p.self.id}`, {}],
    expect: { visitor: 401, self: 403, otherDonor: 403, volunteer: 403, admin: 200, blocked: 403 },
  },
  {
    name: 'PATCH /users/volunteer/:id',
    request: (p) => ['PATCH', `/api/users/volunteer/${p.self.id}`, {}],
    expect: { visitor: 401, self: 403, otherDonor: 403, volunteer: 403, admin: 200, blocked: 403 },
  },
  {
    name: 'PATCH /users/block/:id',
    request: (p) => ['PATCH', `/api/users/block/${p.self.id}`, {}],
    expect: { visitor: 401, self: 403, otherDonor: 403, volunteer: 403, admin: 200, blocked: 403 },
  },
  {
    name: 'PATCH /users/unblock/:id',
    request: (p) => ['PATCH', `/api/users/unblock/${p.self.id}`, {}],
    expect: { visitor: 401, self: 403, otherDonor: 403, volunteer: 403, admin: 200, blocked: 403 },
  },
  {
    name: 'DELETE /users/:id',
    request: (p) => ['DELETE', `/api/users/${p.self.id}`],
    expect: { visitor: 401, self: 403, otherDonor: 403, volunteer: 403, admin: 200, blocked: 403 },
  },
  {
    name: 'GET /users/me',
    request: () => ['GET', '/api/users/me'],
    expect: { visitor: 401, self: 200, otherDonor: 200, volunteer: 200, admin: 200, blocked: 403 },
  },
  {
    name: 'POST /jwt',
    request: () => ['POST', '/api/jwt', {}],
    expect: { visitor: 401, self: 200, otherDonor: 200, volunteer: 200, admin: 200, blocked: 403 },
  },
];

describe(`user endpoints × roles (${process.env.TEST_ENGINE})`, () => {
  for (const row of matrix) {
    for (const actor of ACTORS) {
      it(`${row.name} as ${actor} → ${row.expect[actor]}`, async () => {
        const [method, path, body] = row.request(p);
        const res = await call(t, method, path, { headers: p.headers[actor], body });
        expect(res.status).toBe(row.expect[actor]);
        if (res.status >= 400) expect(typeof res.body.error.message).toBe('string');
      });
    }
  }

  it('answers the role checks for the caller', async () => {
    const admin = await call(t, 'GET', `/api/users/check-admin/${p.admin.email}`, {
      headers: p.headers.admin,
    });
    expect(admin.body).toEqual({ admin: true });
    const vol = await call(t, 'GET', `/api/users/check-volunteer/${p.volunteer.email}`, {
      headers: p.headers.volunteer,
    });
    expect(vol.body).toEqual({ volunteer: true });
    const donor = await call(t, 'GET', `/api/users/check-admin/${p.self.email}`, {
      headers: p.headers.self,
    });
    expect(donor.body).toEqual({ admin: false });
  });
});

describe(`profile (${process.env.TEST_ENGINE})`, () => {
  it('returns the profile with _id, eligibility and no secrets', async () => {
    const res = await call(t, 'GET', `/api/users/${p.self.email}`, { headers: p.headers.self });
    expect(res.body).toMatchObject({
      id: p.self.id,
      _id: p.self.id,
      email: p.self.email,
      role: 'donor',
      status: 'active',
      eligible: true,
      eligibleAgainOn: null,
      lastDonationDate: null,
      searchVisible: true,
    });
    // The web's User type comes from this schema: the answer has exactly its keys and types.
    userResponseSchema.strict().parse(res.body);
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/);
    // Decision 045: the same profile by id (one OpenAPI template for /users/{id}).
    const byId = await call(t, 'GET', `/api/users/${p.self.id}`, { headers: p.headers.self });
    expect(byId.body).toEqual(res.body);
  });

  it('updates the allowed fields and checks places against the reference data', async () => {
    const res = await call(t, 'PATCH', `/api/users/${p.self.id}`, {
      headers: p.headers.self,
      body: {
        name: 'New Name',
        bloodGroup: 'AB-',
        division: 'Dhaka',
        district: 'Gazipur',
        searchVisible: false,
      },
    });
    expect(res.body).toEqual({ modifiedCount: 1 });
    const row = await t.db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', p.self.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'New Name',
      bloodGroup: 'AB-',
      division: 'Dhaka',
      district: 'Gazipur',
    });
    const wrong = await call(t, 'PATCH', `/api/users/${p.self.id}`, {
      headers: p.headers.self,
      body: { district: 'Khulna' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Khulna is not in Dhaka division.');
  });

  it.each([
    [{ role: 'admin' }, 'role'],
    [{ status: 'active', name: 'X' }, 'status'],
    [{ email: 'me@evil.example' }, 'email'],
    [{ lastDonationDate: null }, 'lastDonationDate'],
  ])('refuses mass assignment %o and leaves the row unchanged', async (body, field) => {
    const before = await t.db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', p.self.id)
      .executeTakeFirstOrThrow();
    const res = await call(t, 'PATCH', `/api/users/${p.self.id}`, {
      headers: p.headers.self,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`These fields cannot be changed here: ${field}.`);
    const after = await t.db
      .selectFrom('user')
      .selectAll()
      .where('id', '=', p.self.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('marks a donation: not eligible until the interval has passed', async () => {
    const res = await call(t, 'PATCH', `/api/users/donor/${p.self.id}`, {
      headers: p.headers.self,
      body: { eligible: 'true', lastDonationDate: '2000-01-01T00:00:00.000Z' },
    });
    expect(res.body).toEqual({ modifiedCount: 1 });
    const me = await call(t, 'GET', '/api/users/me', { headers: p.headers.self });
    expect(me.body.eligible).toBe(false);
    // The server sets the date itself, whatever the client sent.
    expect(Date.now() - new Date(me.body.lastDonationDate).getTime()).toBeLessThan(60_000);
    const again =
      new Date(me.body.eligibleAgainOn).getTime() - new Date(me.body.lastDonationDate).getTime();
    expect(again).toBe(120 * 86_400_000);
  });

  it('is eligible again once the interval has passed', async () => {
    const old = await createUser(t.db, {
      lastDonationDate: new Date(Date.now() - 121 * 86_400_000).toISOString(),
    });
    const recent = await createUser(t.db, {
      lastDonationDate: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    });
    expect(
      (await call(t, 'GET', '/api/users/me', { headers: await bearerFor(t.db, old.id) })).body
        .eligible,
    ).toBe(true);
    expect(
      (await call(t, 'GET', '/api/users/me', { headers: await bearerFor(t.db, recent.id) })).body
        .eligible,
    ).toBe(false);
  });
});

describe(`admin user management (${process.env.TEST_ENGINE})`, () => {
  it('lists users filtered by status, paginated', async () => {
    const all = await call(t, 'GET', '/api/users?limit=2', { headers: p.headers.admin });
    expect(all.body).toHaveLength(2);
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThanOrEqual(5);
    expect(all.headers.get('link')).toContain('rel="next"');
    const blocked = await call(t, 'GET', '/api/users?status=block&limit=100', {
      headers: p.headers.admin,
    });
    expect(blocked.body.every((u: { status: string }) => u.status === 'block')).toBe(true);
    expect(blocked.body.map((u: { id: string }) => u.id)).toContain(p.blocked.id);
    const bad = await call(t, 'GET', '/api/users?status=sleeping', { headers: p.headers.admin });
    expect(bad.status).toBe(400);
  });

  it('promotes, blocks and unblocks, answering modifiedCount', async () => {
    const h = { headers: p.headers.admin };
    expect((await call(t, 'PATCH', `/api/users/volunteer/${p.self.id}`, h)).body).toEqual({
      modifiedCount: 1,
    });
    expect((await call(t, 'PATCH', `/api/users/admin/${p.self.id}`, h)).body).toEqual({
      modifiedCount: 1,
    });
    expect((await call(t, 'PATCH', `/api/users/block/${p.otherDonor.id}`, h)).body).toEqual({
      modifiedCount: 1,
    });
    expect((await call(t, 'PATCH', `/api/users/unblock/${p.otherDonor.id}`, h)).body).toEqual({
      modifiedCount: 1,
    });
    const row = await t.db
      .selectFrom('user')
      .select(['role'])
      .where('id', '=', p.self.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('admin');
    const unknown = '0190a0a0-0000-7000-8000-000000000000';
    expect((await call(t, 'PATCH', `/api/users/block/${unknown}`, h)).status).toBe(404);
    // Not even an id: refused before any lookup.
    expect((await call(t, 'PATCH', '/api/users/block/no-such-id', h)).status).toBe(400);
  });

  it("blocking ends the user's live session: their next request is refused", async () => {
    const signedIn = await signIn(t, p.self.email);
    const cookie = sessionCookie(signedIn.headers);
    expect((await call(t, 'GET', '/api/users/me', { headers: { cookie } })).status).toBe(200);
    await call(t, 'PATCH', `/api/users/block/${p.self.id}`, { headers: p.headers.admin });
    expect((await call(t, 'GET', '/api/users/me', { headers: { cookie } })).status).toBe(401);
    expect((await call(t, 'GET', '/api/users/me', { headers: p.headers.self })).status).toBe(401);
    const again = await signIn(t, p.self.email);
    expect(again.status).toBe(403);
  });

  it('deletes a user with their sessions and password', async () => {
    const res = await call(t, 'DELETE', `/api/users/${p.otherDonor.id}`, {
      headers: p.headers.admin,
    });
    expect(res.body).toEqual({ deletedCount: 1 });
    for (const table of ['session', 'account'] as const) {
      const rows = await t.db
        .selectFrom(table)
        .select('id')
        .where('userId', '=', p.otherDonor.id)
        .execute();
      expect(rows).toHaveLength(0);
    }
    expect((await call(t, 'GET', '/api/users/me', { headers: p.headers.otherDonor })).status).toBe(
      401,
    );
  });

  it.each([
    ['PATCH', 'volunteer'],
    ['PATCH', 'block'],
    ['DELETE', ''],
  ])('refuses an admin acting on themself: %s %s', async (method, action) => {
    const path = action ? `/api/users/${action}/${p.admin.id}` : `/api/users/${p.admin.id}`;
    const res = await call(t, method, path, { headers: p.headers.admin });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('SELF_ACTION');
    const row = await t.db
      .selectFrom('user')
      .select(['role', 'status'])
      .where('id', '=', p.admin.id)
      .executeTakeFirst();
    expect(row).toEqual({ role: 'admin', status: 'active' });
  });

  it('never removes the last admin', async () => {
    const { setRole, setStatus, deleteById } = await import('./users.repository.ts');
    // Leave exactly one active admin in this database.
    const admins = await t.db.selectFrom('user').select('id').where('role', '=', 'admin').execute();
    for (const a of admins.slice(1)) await setRole(t.db, a.id, 'donor');
    const last = admins[0]?.id ?? '';
    expect(await setRole(t.db, last, 'donor')).toBe(0);
    expect(await setStatus(t.db, last, 'block')).toBe(0);
    expect(await deleteById(t.db, last, new Date())).toBe(0);
    const row = await t.db
      .selectFrom('user')
      .select(['role', 'status'])
      .where('id', '=', last)
      .executeTakeFirst();
    expect(row).toEqual({ role: 'admin', status: 'active' });
    expect(
      await t.db.selectFrom('account').select('id').where('userId', '=', last).execute(),
    ).toHaveLength(1);
  });
});

describe(`donor search (${process.env.TEST_ENGINE})`, () => {
  it('filters on the server, ignores empty filters, hides blocked and hidden donors', async () => {
    const tag = `Zz${Math.random().toString(36).slice(2, 8)}`;
    await createUser(t.db, {
      name: `${tag} A`,
      bloodGroup: 'B-',
      division: 'Sylhet',
      district: 'Sylhet',
      upazila: 'Balaganj',
    });
    await createUser(t.db, {
      name: `${tag} B`,
      bloodGroup: 'B-',
      division: 'Sylhet',
      district: 'Habiganj',
    });
    await createUser(t.db, {
      name: `${tag} C`,
      bloodGroup: 'B-',
      division: 'Sylhet',
      district: 'Sylhet',
      status: 'block',
    });
    await createUser(t.db, {
      name: `${tag} D`,
      bloodGroup: 'B-',
      division: 'Sylhet',
      district: 'Sylhet',
      searchVisible: false,
    });
    const names = async (query: string) =>
      (await call(t, 'GET', `/api/users/donor?${query}&limit=100`)).body
        .map((d: { name: string }) => d.name)
        .filter((n: string) => n.startsWith(tag));
    expect(await names('bloodGroup=B-&division=Sylhet&district=Sylhet')).toEqual([`${tag} A`]);
    expect(await names('bloodGroup=B-&division=Sylhet&district=')).toEqual([
      `${tag} A`,
      `${tag} B`,
    ]);
    expect(await names('bloodGroup=B-&upazila=Balaganj')).toEqual([`${tag} A`]);
    expect(await names('bloodGroup=B-&district=Dhaka')).toEqual([]);
  });

  it('shows the email only to signed-in callers, and computes eligibility', async () => {
    await createUser(t.db, {
      name: 'Recent Giver',
      bloodGroup: 'AB+',
      district: 'Bagerhat',
      lastDonationDate: new Date().toISOString(),
    });
    const visitor = await call(t, 'GET', '/api/users/donor?bloodGroup=AB%2B&district=Bagerhat');
    expect(visitor.body[0]).toMatchObject({ name: 'Recent Giver', email: null, eligible: false });
    const member = await call(t, 'GET', '/api/users/donor?bloodGroup=AB%2B&district=Bagerhat', {
      headers: p.headers.self,
    });
    expect(member.body[0].email).toMatch(/@example\.org$/);
    // The web's Donor type comes from this schema, for visitors and members alike.
    for (const donor of [...visitor.body, ...member.body])
      donorResponseSchema.strict().parse(donor);
  });

  it('refuses an unknown blood group in words', async () => {
    const res = await call(t, 'GET', '/api/users/donor?bloodGroup=C%2B');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Blood group must be one of A+, A-, B+, B-, AB+, AB-, O+, O-',
    );
  });
});
