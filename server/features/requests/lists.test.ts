import { beforeAll, describe, expect, it } from 'vitest';
import { createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { setUpRequestsWorld, type User } from './requests-world.ts';

const w = setUpRequestsWorld();
const engine = process.env.TEST_ENGINE;

describe(`request lists (${engine})`, () => {
  let listOwner: User;
  let ids: string[];
  beforeAll(async () => {
    listOwner = await createUser(w.t.db);
    ids = [];
    const statuses = ['pending', 'inprogress', 'done', 'cancel', 'pending'] as const;
    for (const [i, status] of statuses.entries()) {
      const r = await createRequest(w.t.db, listOwner, {
        status,
        donor: status === 'pending' ? null : w.other,
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
      });
      ids.push(r.id);
    }
  });

  const email = () => encodeURIComponent(listOwner.email);

  it('lists my own requests newest first, with page headers', async () => {
    const res = await call(
      w.t,
      'GET',
      `/api/donation-request?email=${email()}&limit=2`,
      await w.as(listOwner),
    );
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => r.id)).toEqual([ids[4], ids[3]]);
    expect(res.body[0]).toMatchObject({ _id: ids[4], requesterEmail: listOwner.email });
    expect(res.body[0].createdAt).toBe('2025-01-05T00:00:00.000Z');
    expect(res.headers.get('X-Total-Count')).toBe('5');
    expect(res.headers.get('Link')).toContain('rel="next"');
    const page3 = await call(
      w.t,
      'GET',
      `/api/donation-request?email=${email()}&limit=2&page=3`,
      await w.as(listOwner),
    );
    expect(page3.body.map((r: any) => r.id)).toEqual([ids[0]]);
  });

  it('filters my requests by status, with canceled as cancel, and email in any case', async () => {
    const upper = encodeURIComponent(listOwner.email.toUpperCase());
    const pending = await call(
      w.t,
      'GET',
      `/api/donation-request?email=${upper}&status=pending`,
      await w.as(listOwner),
    );
    expect(pending.body.map((r: any) => r.id)).toEqual([ids[4], ids[0]]);
    expect(pending.headers.get('X-Total-Count')).toBe('2');
    const canceled = await call(
      w.t,
      'GET',
      `/api/donation-request?email=${email()}&status=canceled`,
      await w.as(listOwner),
    );
    expect(canceled.body.map((r: any) => [r.id, r.status])).toEqual([[ids[3], 'cancel']]);
    const bad = await call(
      w.t,
      'GET',
      `/api/donation-request?email=${email()}&status=open`,
      await w.as(listOwner),
    );
    expect(bad.status).toBe(400);
  });

  it("does not let a donor read another donor's requests by email; staff may", async () => {
    const res = await call(
      w.t,
      'GET',
      `/api/donation-request?email=${email()}`,
      await w.as(w.other),
    );
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('You can only see your own requests.');
    const recent = await call(
      w.t,
      'GET',
      `/api/donation-request/recent?email=${email()}`,
      await w.as(w.other),
    );
    expect(recent.status).toBe(403);
    expect((await call(w.t, 'GET', `/api/donation-request?email=${email()}`)).status).toBe(401);
    for (const staff of [w.volunteer, w.admin]) {
      const ok = await call(
        w.t,
        'GET',
        `/api/donation-request?email=${email()}`,
        await w.as(staff),
      );
      expect(ok.status).toBe(200);
      expect(ok.body).toHaveLength(5);
    }
  });

  it('answers the 3 latest for recent, never taking "recent" for an id', async () => {
    const res = await call(
      w.t,
      'GET',
      `/api/donation-request/recent?email=${email()}`,
      await w.as(listOwner),
    );
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
    const noEmail = await call(w.t, 'GET', '/api/donation-request/recent', await w.as(listOwner));
    expect(noEmail.body.map((r: any) => r.id)).toEqual([ids[4], ids[3], ids[2]]);
  });

  it('lists all requests for w.admin and w.volunteer only, never taking "all" for an id', async () => {
    expect((await call(w.t, 'GET', '/api/donation-request/all')).status).toBe(401);
    const donor = await call(w.t, 'GET', '/api/donation-request/all', await w.as(listOwner));
    expect(donor.status).toBe(403);
    for (const staff of [w.volunteer, w.admin]) {
      const res = await call(
        w.t,
        'GET',
        '/api/donation-request/all?status=done',
        await w.as(staff),
      );
      expect(res.status).toBe(200);
      expect(res.body.every((r: any) => r.status === 'done')).toBe(true);
      expect(res.body.map((r: any) => r.id)).toContain(ids[2]);
      expect(Number(res.headers.get('X-Total-Count'))).toBe(res.body.length);
    }
    const total = await w.t.db.selectFrom('donationRequest').select('id').execute();
    const all = await call(w.t, 'GET', '/api/donation-request/all?limit=100', await w.as(w.admin));
    expect(all.headers.get('X-Total-Count')).toBe(String(total.length));
  });

  it('asks for an email or status=pending when given neither', async () => {
    const res = await call(w.t, 'GET', '/api/donation-request?status=done');
    expect(res.status).toBe(400);
  });
});
