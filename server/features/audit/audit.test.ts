import { describe, expect, it } from 'vitest';
import { DELETED_ACCOUNT_NAME } from '../../../common/deleted-account.ts';
import { createBlog, createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { testEngine } from '../../test/test-app.ts';
import { setUpTrustWorld } from '../../test/trust-world.ts';

// Issue 14, item 7: every staff action (role, block, delete; verify, remove, delete a request;
// dismiss a report; publish, unpublish, delete a blog) leaves a row admins can read, filtered by
// actor and action. A refused action leaves none.

const w = setUpTrustWorld();

interface Entry {
  at: string;
  action: string;
  actorEmail: string;
  actorName: string;
  actorRole: string;
  targetType: string;
  targetId: string;
  targetLabel: string;
  detail: string | null;
}

/** The newest entries of the log, as an admin reads them. */
async function latest(query = '') {
  const res = await w.callAs(w.admin, 'GET', `/api/audit-log?limit=100${query}`);
  expect(res.status).toBe(200);
  return res.body as Entry[];
}

describe(`audit log (${testEngine})`, () => {
  it('records each staff action with who did it, to what, in its own row', async () => {
    const target = await createUser(w.t.db, { name: 'Target Person' });
    const adminCalls: Array<[string, string, unknown?]> = [
      ['PATCH', `/api/users/volunteer/${target.id}`],
      ['PATCH', `/api/users/admin/${target.id}`],
      ['PATCH', `/api/users/block/${target.id}`],
      ['PATCH', `/api/users/unblock/${target.id}`],
    ];
    for (const [method, path] of adminCalls) {
      expect((await w.callAs(w.admin, method, path)).status).toBe(200);
    }
    const request = await createRequest(w.t.db, w.requester, { recipientName: 'Audit Patient' });
    expect(
      (await w.callAs(w.volunteer, 'POST', `/api/donation-request/${request.id}/verify`)).status,
    ).toBe(200);
    const report = await w.callAs(
      w.donors[0],
      'POST',
      `/api/donation-request/${request.id}/report`,
      {
        reason: 'abusive',
      },
    );
    expect(
      (
        await w.callAs(w.volunteer, 'PATCH', `/api/reports/${report.body.insertedId}`, {
          status: 'dismissed',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await w.callAs(w.volunteer, 'POST', `/api/donation-request/${request.id}/remove`, {
          reason: 'Duplicate of another post',
        })
      ).status,
    ).toBe(200);
    const other = await createRequest(w.t.db, w.requester, { recipientName: 'Deleted Patient' });
    expect(
      (await w.callAs(w.admin, 'DELETE', `/api/donation-request/all/${other.id}`)).status,
    ).toBe(200);
    const blog = await createBlog(w.t.db, w.volunteer, { title: 'Audit Blog' });
    for (const status of ['published', 'draft']) {
      expect((await w.callAs(w.admin, 'PATCH', `/api/blogs/${blog.id}`, { status })).status).toBe(
        200,
      );
    }
    expect((await w.callAs(w.admin, 'DELETE', `/api/blogs/${blog.id}`)).status).toBe(200);
    expect((await w.callAs(w.admin, 'DELETE', `/api/users/${target.id}`)).status).toBe(200);

    // Actions in the same millisecond have no order between them: each must be there, once.
    const entries = await latest();
    const admin = { actorEmail: w.admin.email, actorName: 'Adam Admin', actorRole: 'admin' };
    const volunteer = {
      actorEmail: w.volunteer.email,
      actorName: 'Vera Volunteer',
      actorRole: 'volunteer',
    };
    // The target's account was deleted last: every entry about them keeps the act and the id,
    // not the person (issue 31, decision 040).
    const person = {
      targetType: 'user',
      targetId: target.id,
      targetLabel: DELETED_ACCOUNT_NAME,
    };
    const patient = { targetType: 'request', targetId: request.id };
    const expected = [
      { action: 'user.role', ...admin, ...person, detail: 'volunteer' },
      { action: 'user.role', ...admin, ...person, detail: 'admin' },
      { action: 'user.block', ...admin, ...person },
      { action: 'user.unblock', ...admin, ...person },
      { action: 'request.verify', ...volunteer, ...patient },
      {
        action: 'report.dismiss',
        ...volunteer,
        targetType: 'report',
        targetId: report.body.insertedId,
      },
      { action: 'request.remove', ...volunteer, ...patient, detail: 'Duplicate of another post' },
      { action: 'request.delete', ...admin, targetId: other.id },
      { action: 'blog.publish', ...admin, targetType: 'blog', targetLabel: 'Audit Blog' },
      { action: 'blog.unpublish', ...admin, targetLabel: 'Audit Blog' },
      { action: 'blog.delete', ...admin, targetLabel: 'Audit Blog' },
      { action: 'user.delete', ...admin, ...person },
    ];
    for (const entry of expected) expect(entries).toContainEqual(expect.objectContaining(entry));
    expect(entries).toHaveLength(expected.length);
    expect(
      entries
        .filter((e) => e.action === 'user.role')
        .map((e) => e.detail)
        .sort(),
    ).toEqual(['admin', 'volunteer']);
    expect(entries.find((e) => e.action === 'request.verify')?.targetLabel).toContain(
      'Audit Patient',
    );
  });

  it('writes nothing for a refused or empty action, nor for a requester deleting their own request', async () => {
    const before = (await latest()).length;
    const request = await createRequest(w.t.db, w.requester);
    expect(
      (await w.callAs(w.donors[0], 'POST', `/api/donation-request/${request.id}/verify`)).status,
    ).toBe(403);
    expect((await w.callAs(w.admin, 'PATCH', `/api/users/block/${w.admin.id}`)).status).toBe(403);
    const blog = await createBlog(w.t.db, w.volunteer, { status: 'published' });
    // Publishing a published blog changes nothing.
    await w.callAs(w.admin, 'PATCH', `/api/blogs/${blog.id}`, { status: 'published' });
    expect(
      (await w.callAs(w.requester, 'DELETE', `/api/donation-request/all/${request.id}`)).status,
    ).toBe(200);
    expect((await latest()).length).toBe(before);
  });

  it('lets admins alone read it, filtered by actor and by action', async () => {
    for (const who of [w.volunteer, w.donors[0]]) {
      expect((await w.callAs(who, 'GET', '/api/audit-log')).status).toBe(403);
    }
    expect((await call(w.t, 'GET', '/api/audit-log')).status).toBe(401);

    const byVolunteer = await latest(
      `&actor=${encodeURIComponent(w.volunteer.email.toUpperCase())}`,
    );
    expect(byVolunteer.length).toBeGreaterThan(0);
    expect(new Set(byVolunteer.map((e) => e.actorEmail))).toEqual(new Set([w.volunteer.email]));

    const verifies = await latest('&action=request.verify');
    expect(verifies.length).toBeGreaterThan(0);
    expect(new Set(verifies.map((e) => e.action))).toEqual(new Set(['request.verify']));

    const both = await latest(`&action=user.block&actor=${encodeURIComponent(w.admin.email)}`);
    expect(both.map((e) => e.action)).toEqual(['user.block']);
    expect(
      await latest(`&action=user.block&actor=${encodeURIComponent(w.volunteer.email)}`),
    ).toEqual([]);

    const bad = await w.callAs(w.admin, 'GET', '/api/audit-log?action=user.hug');
    expect(bad.status).toBe(400);
  });

  // Bug: verify stamped its entry with the wall clock but dismiss and remove with the app's
  // clock, so with the clock moved the log's order no longer said what happened first.
  it('stamps every entry with the wall clock, whatever the app’s clock reads', async () => {
    const request = await createRequest(w.t.db, w.requester, { recipientName: 'Clock Patient' });
    const report = await w.callAs(
      w.donors[1],
      'POST',
      `/api/donation-request/${request.id}/report`,
      { reason: 'abusive' },
    );
    const before = Date.now();
    w.clock.set(new Date(before - 3 * 24 * 3_600_000));
    try {
      const calls: Array<[string, string, unknown?]> = [
        ['POST', `/api/donation-request/${request.id}/verify`],
        ['PATCH', `/api/reports/${report.body.insertedId}`, { status: 'dismissed' }],
        ['POST', `/api/donation-request/${request.id}/remove`, { reason: 'Clock check' }],
      ];
      for (const [method, path, body] of calls) {
        expect((await w.callAs(w.volunteer, method, path, body)).status).toBe(200);
      }
    } finally {
      w.clock.set(new Date());
    }
    const after = Date.now();
    const mine = (await latest()).filter((e) =>
      [request.id, report.body.insertedId].includes(e.targetId),
    );
    expect(mine.map((e) => e.action).sort()).toEqual([
      'report.dismiss',
      'request.remove',
      'request.verify',
    ]);
    for (const entry of mine) {
      const at = Date.parse(entry.at);
      expect(at, `${entry.action} at ${entry.at}`).toBeGreaterThanOrEqual(before);
      expect(at, `${entry.action} at ${entry.at}`).toBeLessThanOrEqual(after);
    }
  });
});
