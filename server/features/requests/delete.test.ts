import { describe, expect, it } from 'vitest';
import { createRequest } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { setUpRequestsWorld } from './requests-world.ts';

const w = setUpRequestsWorld();
const engine = process.env.TEST_ENGINE;

describe(`DELETE /api/donation-request/all/:id (${engine})`, () => {
  it.each([
    ['the requester', 'requester', 200],
    ['an admin', 'admin', 200],
    ['a volunteer', 'volunteer', 403],
    ['another donor', 'other', 403],
  ] as const)('by %s → %i', async (_label, who, expected) => {
    const r = await createRequest(w.t.db, w.requester);
    const user = { requester: w.requester, admin: w.admin, volunteer: w.volunteer, other: w.other }[
      who
    ];
    const res = await call(w.t, 'DELETE', `/api/donation-request/all/${r.id}`, await w.as(user));
    expect(res.status).toBe(expected);
    const left = await w.t.db
      .selectFrom('donationRequest')
      .select('id')
      .where('id', '=', r.id)
      .execute();
    if (expected === 200) {
      expect(res.body).toEqual({ deletedCount: 1 });
      expect(left).toHaveLength(0);
    } else {
      expect(left).toHaveLength(1);
    }
  });

  it('answers 404 for an unknown request and 401 for visitors', async () => {
    const r = await createRequest(w.t.db, w.requester);
    expect((await call(w.t, 'DELETE', `/api/donation-request/all/${r.id}`)).status).toBe(401);
    const res = await call(
      w.t,
      'DELETE',
      '/api/donation-request/all/0190a0a0-0000-7000-8000-000000000000',
      await w.as(w.admin),
    );
    expect(res.status).toBe(404);
  });
});
