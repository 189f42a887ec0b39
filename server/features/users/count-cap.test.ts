import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../../common/constants.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // More visible donors in one district than the public list counts (rows, not accounts: the
  // count is what is measured here).
  const now = nowIso();
  for (let batch = 0; batch <= COUNT_CAP / 1000; batch++) {
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      id: newId(),
      name: `Crowd ${batch}-${i}`,
      email: `crowd-${batch}-${i}@example.org`,
      emailVerified: 0,
      image: null,
      createdAt: now,
      updatedAt: now,
      role: 'donor' as const,
      status: 'active' as const,
      bloodGroup: 'A+' as const,
      division: 'Dhaka',
      district: 'Gazipur',
      upazila: null,
      lastDonationDate: null,
      searchVisible: 1,
    }));
    await t.db.insertInto('user').values(rows).execute();
  }
  for (let i = 0; i < 3; i++) await createUser(t.db, { division: 'Sylhet', district: 'Habiganj' });
}, 60_000);
afterAll(() => t.close());

describe(`totals of the public lists (${process.env.TEST_ENGINE})`, () => {
  it('stop counting at the cap and say so, so a broad search costs a page, not the table', async () => {
    const res = await call(t, 'GET', '/api/users/donor?district=Gazipur');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    expect(res.headers.get('x-total-count')).toBe(String(COUNT_CAP));
    expect(res.headers.get('x-total-capped')).toBe('true');
  });

  it('are exact below the cap', async () => {
    const res = await call(t, 'GET', '/api/users/donor?district=Habiganj');
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.headers.get('x-total-capped')).toBeNull();
  });
});
