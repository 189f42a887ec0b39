import { describe, expect, it } from 'vitest';
import { auditEntryResponseSchema } from '../../../common/trust-response.schema.ts';
import { createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { testEngine } from '../../test/test-app.ts';
import { setUpRequestsWorld, type User } from './requests-world.ts';

// Issue 25, item 13: a volunteer or an admin marking someone else's request done or cancelled
// left no audit entry, though it settles the donor's part (and done changes their eligibility).
// Decision 014: every staff action on someone else's things is audited. The requester closing
// their own request is not a staff action and needs none.

const w = setUpRequestsWorld();

/** The audit entries about one request, as an admin reads them. */
async function entriesAbout(requestId: string) {
  const res = await call(w.t, 'GET', '/api/audit-log?limit=100', await w.as(w.admin));
  expect(res.status).toBe(200);
  return (res.body as unknown[])
    .map((entry) => auditEntryResponseSchema.parse(entry))
    .filter((entry) => entry.targetId === requestId);
}

async function inProgressWith(donor: User, recipientName: string) {
  return createRequest(w.t.db, w.requester, { recipientName, donor });
}

describe(`staff closing someone else's request is audited (${testEngine})`, () => {
  it.each([
    ['volunteer', 'done'],
    ['admin', 'done'],
    ['volunteer', 'cancel'],
    ['admin', 'cancel'],
  ] as const)('%s marks it %s: who, what, which request and which donor', async (who, status) => {
    const staff = who === 'admin' ? w.admin : w.volunteer;
    const donor = await createUser(w.t.db, { name: 'Karim Donor' });
    const request = await inProgressWith(donor, `Patient ${who} ${status}`);
    const res = await call(w.t, 'PATCH', `/api/donation-request/${request.id}`, {
      ...(await w.as(staff)),
      body: { status },
    });
    expect(res.status).toBe(200);
    const entries = await entriesAbout(request.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: status === 'done' ? 'request.done' : 'request.cancel',
      actorName: staff.name,
      actorEmail: staff.email.toLowerCase(),
      actorRole: who,
      targetType: 'request',
      targetId: request.id,
      targetLabel: `Patient ${who} ${status} (${request.bloodGroup}, ${request.donationDate})`,
      detail: `Donor: Karim Donor <${donor.email}>`,
    });
  });

  it('the requester closing their own request writes no entry', async () => {
    for (const status of ['done', 'cancel'] as const) {
      const request = await inProgressWith(w.other, `Own ${status}`);
      const res = await call(w.t, 'PATCH', `/api/donation-request/${request.id}`, {
        ...(await w.as(w.requester)),
        body: { status },
      });
      expect(res.status).toBe(200);
      expect(await entriesAbout(request.id)).toEqual([]);
    }
  });

  it('a refused change writes no entry', async () => {
    const request = await createRequest(w.t.db, w.requester, { recipientName: 'Still pending' });
    const res = await call(w.t, 'PATCH', `/api/donation-request/${request.id}`, {
      ...(await w.as(w.admin)),
      body: { status: 'done' },
    });
    expect(res.status).toBe(409);
    expect(await entriesAbout(request.id)).toEqual([]);
  });
});
