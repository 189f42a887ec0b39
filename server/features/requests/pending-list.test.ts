import { describe, expect, it } from 'vitest';
import { donationRequestResponseSchema } from '../../../common/request-response.schema.ts';
import { createRequest, createUser, dhakaDate } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { setUpRequestsWorld } from './requests-world.ts';

const w = setUpRequestsWorld();
const engine = process.env.TEST_ENGINE;

describe(`public pending list (${engine})`, () => {
  it('shows pending requests not yet past, soonest first; past ones leave it', async () => {
    const owner = await createUser(w.t.db);
    const later = await createRequest(w.t.db, owner, {
      donationDate: dhakaDate(30),
      donationTime: '08:00',
    });
    const todayLate = await createRequest(w.t.db, owner, {
      donationDate: dhakaDate(0),
      donationTime: '23:00',
    });
    const todayEarly = await createRequest(w.t.db, owner, {
      donationDate: dhakaDate(0),
      donationTime: '07:00',
    });
    const past = await createRequest(w.t.db, owner, { donationDate: dhakaDate(-1) });
    const taken = await createRequest(w.t.db, owner, {
      donationDate: dhakaDate(0),
      donor: w.other,
    });

    const res = await call(w.t, 'GET', '/api/donation-request?status=pending&limit=100');
    expect(res.status).toBe(200);
    const listed: string[] = res.body.map((r: any) => r.id);
    expect(listed).not.toContain(past.id);
    expect(listed).not.toContain(taken.id);
    const mine = listed.filter((id) => [later.id, todayLate.id, todayEarly.id].includes(id));
    expect(mine).toEqual([todayEarly.id, todayLate.id, later.id]);
    expect(
      res.body.every((r: any) => r.status === 'pending' && r.donationDate >= dhakaDate(0)),
    ).toBe(true);
    expect(res.headers.get('X-Total-Count')).toBe(String(listed.length));
    // Visitors do not get the requester's address; signed-in users do.
    expect(res.body[0].requesterEmail).toBeNull();
    const signedIn = await call(
      w.t,
      'GET',
      '/api/donation-request?status=pending',
      await w.as(w.other),
    );
    expect(signedIn.body[0].requesterEmail).toMatch(/@example\.org$/);
    // The web's request type comes from this schema, for visitors and members alike.
    for (const request of [...res.body, ...signedIn.body]) {
      donationRequestResponseSchema.strict().parse(request);
    }
  });
});
