import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, { role: 'admin' });
  admin = await bearerFor(t.db, user.id);
  await createUser(t.db, { status: 'block' });
});
afterAll(() => t.close());

describe(`one behaviour for every list and field (${process.env.TEST_ENGINE})`, () => {
  it('reads an empty ?status= as every status, on the user list as on the request lists', async () => {
    const all = await call(t, 'GET', '/api/users', { headers: admin });
    const empty = await call(t, 'GET', '/api/users?status=', { headers: admin });
    expect(empty.status).toBe(200);
    expect(empty.body).toHaveLength(all.body.length);
    const requests = await call(t, 'GET', '/api/donation-request/all?status=', { headers: admin });
    expect(requests.status).toBe(200);
    const bad = await call(t, 'GET', '/api/users?status=gone', { headers: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('status must be one of active, block');
  });

  it('stores an emptied upazila on the profile as null, as requests do', async () => {
    const user = await createUser(t.db, { district: 'Jashore', upazila: 'Jashore Sadar' });
    const headers = await bearerFor(t.db, user.id);
    const res = await call(t, 'PATCH', `/api/users/${user.id}`, { headers, body: { upazila: '' } });
    expect(res.status).toBe(200);
    const row = await t.db
      .selectFrom('user')
      .select('upazila')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.upazila).toBeNull();
  });

  it('finds donors by district within its division, and none for a district of another', async () => {
    const donor = await createUser(t.db, {
      division: 'Khulna',
      district: 'Jashore',
      name: 'Jashore Donor',
    });
    const names = async (query: string) =>
      (await call(t, 'GET', `/api/users/donor?${query}`)).body.map((d: { id: string }) => d.id);
    expect(await names('division=Khulna&district=Jashore')).toContain(donor.id);
    expect(await names('district=Jashore')).toContain(donor.id);
    expect(await names('division=Dhaka&district=Jashore')).toEqual([]);
  });
});
