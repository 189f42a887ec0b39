import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../../common/constants.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { encodeCursor } from '../../lib/pagination.ts';
import { bearerFor, createRequest, createUser, dhakaDate as dhaka } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: Record<string, string>;
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
  admin = await bearerFor(t.db, (await createUser(t.db, { role: 'admin' })).id);
}, 60_000);

/** The target of the Link header's `rel` link, if there is one. */
function linkTo(headers: Headers, rel: string): string | undefined {
  const link = headers.get('link') ?? '';
  return new RegExp(`<([^>]+)>; rel="${rel}"`).exec(link)?.[1];
}

const byNameThenId = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
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

  it('the staff lists stop counting at the cap too', async () => {
    const res = await call(t, 'GET', '/api/users?limit=5', { headers: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe(String(COUNT_CAP));
    expect(res.headers.get('x-total-capped')).toBe('true');
  });
});

describe(`paging past the counted pages (${process.env.TEST_ENGINE})`, () => {
  it('refuses a page number past the cap in words that say the way on', async () => {
    const res = await call(
      t,
      'GET',
      `/api/users/donor?district=Gazipur&page=${COUNT_CAP / 20 + 1}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/next link/);
    const last = await call(t, 'GET', `/api/users/donor?district=Gazipur&page=${COUNT_CAP / 20}`);
    expect(last.status).toBe(200);
    expect(last.body).toHaveLength(20);
  });

  it('walks the whole list once, in order, from page 1 through the next links', async () => {
    const seen: Array<{ id: string; name: string }> = [];
    let next: string | undefined = '/api/users/donor?district=Gazipur&limit=100&page=1';
    while (next) {
      const res = await call(t, 'GET', next);
      expect(res.status).toBe(200);
      seen.push(...res.body);
      next = linkTo(res.headers, 'next');
    }
    expect(seen).toHaveLength(COUNT_CAP * 2);
    expect(new Set(seen.map((donor) => donor.id)).size).toBe(seen.length);
    expect([...seen].sort(byNameThenId)).toEqual(seen);
  });

  it('gives pages reached by `after` a first and a next link but no numbers', async () => {
    const last = await call(t, 'GET', `/api/users/donor?district=Gazipur&page=${COUNT_CAP / 20}`);
    const next = linkTo(last.headers, 'next');
    expect(next).toMatch(/after=/);
    expect(next).not.toMatch(/page=/);
    const res = await call(t, 'GET', next as string);
    expect(linkTo(res.headers, 'first')).toMatch(/page=1/);
    expect(linkTo(res.headers, 'prev')).toBeUndefined();
    expect(linkTo(res.headers, 'last')).toBeUndefined();
    expect(res.headers.get('x-total-count')).toBe(String(COUNT_CAP));
  });

  it('refuses an `after` the server did not write', async () => {
    for (const after of [
      'abc',
      encodeCursor(['only one value']),
      encodeCursor([{} as never, 'x']),
    ]) {
      const res = await call(t, 'GET', `/api/users/donor?district=Gazipur&after=${after}`);
      expect(res.status).toBe(400);
      expect(res.body.error.details.after).toMatch(/start from page 1/);
    }
  });

  it('continues the open-request list after a given request, soonest first', async () => {
    const owner = await createUser(t.db, { name: 'Asker' });
    for (const days of [1, 2, 3]) await createRequest(t.db, owner, { donationDate: dhaka(days) });
    const all = await call(t, 'GET', '/api/donation-request?status=pending&limit=3');
    const [first, ...rest] = all.body;
    // Issue 27: the key begins with the urgency's rank (scheduled: 2).
    const after = encodeCursor([2, first.donationDate, first.donationTime, first.id]);
    const res = await call(t, 'GET', `/api/donation-request?status=pending&limit=3&after=${after}`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: { id: string }) => r.id)).toEqual(
      rest.map((r: { id: string }) => r.id),
    );
  });
});
