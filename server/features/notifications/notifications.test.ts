import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationResponse } from '../../../common/notification-response.schema.ts';
import { encodeCursor } from '../../lib/pagination.ts';
import { bearerFor, createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { MINUTE, manualClock } from '../../test/manual-clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import * as notifications from './notifications.repository.ts';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

async function personWith(count: number) {
  const person = await createUser(t.db);
  const requester = await createUser(t.db);
  const request = await createRequest(t.db, requester);
  for (let i = 0; i < count; i++) {
    clock.advance(MINUTE);
    await notifications.insert(t.db, {
      userId: person.id,
      kind: 'match-alert',
      requestId: request.id,
      data: { bloodGroup: 'O+', hospitalName: `Hospital ${i}` },
      at: clock.now(),
    });
  }
  return { person, headers: await bearerFor(t.db, person.id) };
}

const unread = async (headers: Record<string, string>) =>
  (await call(t, 'GET', '/api/notifications/unread-count', { headers })).body.count as number;

describe(`notifications (${process.env.TEST_ENGINE})`, () => {
  it('lists one’s own, newest first, paged, with the request’s status now', async () => {
    const { headers } = await personWith(3);
    await personWith(2); // someone else's
    const res = await call<NotificationResponse[]>(t, 'GET', '/api/notifications?limit=2', {
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Total-Count')).toBe('3');
    expect(res.body.map((n) => n.data.hospitalName)).toEqual(['Hospital 2', 'Hospital 1']);
    expect(res.body[0]).toMatchObject({
      kind: 'match-alert',
      read: false,
      requestStatus: 'pending',
    });
  });

  it('goes on after a given row, as a next link says', async () => {
    const { headers } = await personWith(3);
    const first = await call<NotificationResponse[]>(t, 'GET', '/api/notifications?limit=2', {
      headers,
    });
    const last = first.body[1];
    if (!last) throw new Error('no second notification');
    const after = encodeCursor([last.createdAt, last.id]);
    const next = await call<NotificationResponse[]>(
      t,
      'GET',
      `/api/notifications?limit=2&after=${after}`,
      { headers },
    );
    expect(next.body.map((n) => n.data.hospitalName)).toEqual(['Hospital 0']);
  });

  it('counts unread ones for the bell; marks one, then all, read', async () => {
    const { headers } = await personWith(3);
    expect(await unread(headers)).toBe(3);
    const list = await call<NotificationResponse[]>(t, 'GET', '/api/notifications', { headers });
    const first = list.body[0]?.id;
    const marked = await call(t, 'POST', `/api/notifications/${first}/read`, { headers });
    expect(marked.body).toEqual({ modifiedCount: 1 });
    // Again: already read, nothing changes, no error.
    expect((await call(t, 'POST', `/api/notifications/${first}/read`, { headers })).body).toEqual({
      modifiedCount: 0,
    });
    expect(await unread(headers)).toBe(2);
    const all = await call(t, 'POST', '/api/notifications/read-all', { headers });
    expect(all.body).toEqual({ modifiedCount: 2 });
    expect(await unread(headers)).toBe(0);
  });

  it('will not mark someone else’s notification, and does not say it exists', async () => {
    const { headers } = await personWith(0);
    const other = await personWith(1);
    const list = await call<NotificationResponse[]>(t, 'GET', '/api/notifications', {
      headers: other.headers,
    });
    const res = await call(t, 'POST', `/api/notifications/${list.body[0]?.id}/read`, { headers });
    expect(res.status).toBe(404);
    expect(await unread(other.headers)).toBe(1);
    expect((await call(t, 'GET', '/api/notifications')).status).toBe(401);
  });

  it('counts unread ones up to 100', async () => {
    const { headers } = await personWith(101);
    expect(await unread(headers)).toBe(100);
  });

  it('keeps each person’s choice of alerts; all on until they choose; says whether email is sent', async () => {
    const { headers } = await personWith(0);
    const before = await call(t, 'GET', '/api/notifications/settings', { headers });
    expect(before.body).toEqual({
      matchAlerts: true,
      donationReminders: true,
      eligibilityNotices: true,
      requestUpdates: true,
      email: true,
      emailAvailable: false,
    });
    const choice = {
      matchAlerts: false,
      donationReminders: true,
      eligibilityNotices: false,
      requestUpdates: true,
      email: false,
    };
    const saved = await call(t, 'PUT', '/api/notifications/settings', { headers, body: choice });
    expect(saved.body).toEqual({ saved: true });
    const again = await call(t, 'PUT', '/api/notifications/settings', { headers, body: choice });
    expect(again.status).toBe(200);
    const after = await call(t, 'GET', '/api/notifications/settings', { headers });
    expect(after.body).toEqual({ ...choice, emailAvailable: false });

    const partial = await call(t, 'PUT', '/api/notifications/settings', {
      headers,
      body: { matchAlerts: 'no' },
    });
    expect(partial.status).toBe(400);
    const extra = await call(t, 'PUT', '/api/notifications/settings', {
      headers,
      body: { ...choice, sms: true },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toMatch(/not notification settings: sms/);
  });
});
