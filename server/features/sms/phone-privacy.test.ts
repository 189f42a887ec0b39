import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../common/contract/index.ts';
import { createApp } from '../../app.ts';
import { enqueue } from '../../jobs/define-job.ts';
import { bearerFor, createUser, dhakaDate, requestForm } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { manualClock } from '../../test/manual-clock.ts';
import { type SmppSink, startSmppSink } from '../../test/smpp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { testWorker } from '../../test/worker.ts';
import { smsAlertJob } from './sms.jobs.ts';

// Issue 28, item 2: no visitor, other donor, volunteer, admin or list ever sees a number (only
// its owner, in their own profile), and no log line carries one. Every GET endpoint of the
// contract is called as each role, with its path filled with the world's real ids, and every
// answer is searched for the number in any of its written forms.

const NUMBER = '01712345678';
// Issue 28, item 2 (decision 036): a request's contact number (the attendant's), not yet verified.
const CONTACT = '01898765432';
const FORMS = [
  '1712345678',
  '1712-345678',
  '1712 345678',
  '1898765432',
  '1898-765432',
  '1898 765432',
];
const clock = manualClock();
let sink: SmppSink;
let t: TestApp;
const logs: string[] = [];

beforeEach(async () => {
  clock.set(new Date(`${dhakaDate()}T12:00:00+06:00`));
  sink = await startSmppSink();
  logs.length = 0;
  t = await createTestApp(
    { SMS_URL: sink.url, ALERT_MAX_WAVES: '1' },
    { clock, logTo: { write: (line: string) => logs.push(line) } },
  );
});
afterEach(async () => {
  await t.close();
  await sink.close();
});

const carriesNumber = (text: string) => FORMS.some((form) => text.includes(form));

describe(`a verified number is seen by its owner only (${process.env.TEST_ENGINE})`, () => {
  it('appears in no answer to any role but the owner’s profile, and in no log', async () => {
    const worker = testWorker(t);
    const owner = await createUser(t.db, {
      bloodGroup: 'B+',
      division: 'Khulna',
      district: 'Jashore',
      upazila: 'Jashore Sadar',
      emailVerified: true,
    });
    const ownerHeaders = await bearerFor(t.db, owner.id);
    const asOwner = (method: string, path: string, body?: unknown) =>
      call(t, method, path, { headers: ownerHeaders, body });
    // The owner verifies the number, turns alerts on, posts a request, and is alerted by SMS.
    expect((await asOwner('POST', '/api/users/me/phone', { phone: NUMBER })).status).toBe(202);
    await worker.runDue();
    const code = sink.parts.at(-1)?.text.match(/\d{6}/)?.[0];
    expect((await asOwner('POST', '/api/users/me/phone/confirm', { code })).status).toBe(200);
    await asOwner('PUT', '/api/users/me/phone/alerts', { smsAlerts: true, nightAlerts: true });
    // Its contact number is the owner's own verified number.
    const own = await asOwner(
      'POST',
      '/api/donation-request',
      requestForm({ bloodGroup: 'O+', contactPhone: NUMBER }),
    );
    const requester = await createUser(t.db, { bloodGroup: 'A+' });
    const other = await call(t, 'POST', '/api/donation-request', {
      headers: await bearerFor(t.db, requester.id),
      body: requestForm({ contactPhone: CONTACT }),
    });
    expect(other.status).toBe(201);
    await worker.runDue();
    expect(sink.parts.some((part) => part.text.includes('B+ blood, 1 bag, needed'))).toBe(true);
    // A failed alert SMS, as admins list it.
    await enqueue(
      t.db,
      smsAlertJob,
      {
        to: owner.email,
        subject: 'SMS alert: B+ at Jashore General Hospital',
        userId: owner.id,
        text: 'x',
        requestId: other.body.insertedId,
        critical: false,
      },
      { now: clock.now() },
    );
    await t.db.updateTable('job').set({ status: 'failed' }).where('kind', '=', 'sms').execute();

    const volunteer = await createUser(t.db, { role: 'volunteer' });
    const admin = await createUser(t.db, { role: 'admin' });
    const donor = await createUser(t.db, { bloodGroup: 'B+' });
    // A donor pledged to the other request: its contact is not verified, so not even they see it.
    const pledged = await call(t, 'PATCH', `/api/donation-request/${other.body.insertedId}`, {
      headers: await bearerFor(t.db, donor.id),
      body: { status: 'inprogress' },
    });
    expect(pledged.status).toBe(200);
    // Staff look at both requests' numbers through the audited view: the audit log the sweep
    // below reads as every role then holds these looks, which must name no number.
    for (const id of [own.body.insertedId, other.body.insertedId]) {
      const look = await call(t, 'POST', `/api/donation-request/${id}/contacts/staff-view`, {
        headers: await bearerFor(t.db, volunteer.id),
        body: { reason: 'Checking a report about this request' },
      });
      expect(look.status).toBe(200);
      expect(carriesNumber(JSON.stringify(look.body))).toBe(true);
    }
    const roles: [string, Record<string, string>][] = [
      ['visitor', {}],
      ['donor', await bearerFor(t.db, donor.id)],
      ['requester', await bearerFor(t.db, requester.id)],
      ['volunteer', await bearerFor(t.db, volunteer.id)],
      ['admin', await bearerFor(t.db, admin.id)],
      ['owner', ownerHeaders],
    ];
    const fill = (path: string) =>
      path
        .replace('{email}', encodeURIComponent(owner.email))
        .replace('/donations/{id}', `/donations/${owner.id}`)
        .replace('/donation-request/{id}', `/donation-request/${other.body.insertedId}`)
        .replace('{id}', own.body.insertedId)
        .replace('{name}', 'none.webp');
    const paths = allEndpoints
      .filter((endpoint) => endpoint.method === 'get')
      .map((endpoint) => `/api${fill(endpoint.path)}`);
    // Lists are asked for with their widest page; the public lists and the contract too.
    paths.push(
      '/api/users?limit=100',
      '/api/users/donor?limit=100&bloodGroup=B%2B',
      '/api/donation-request?status=pending&limit=100',
      '/api/donation-request?status=pending&verified=true&limit=100',
      '/api/openapi.json',
    );
    const otherContacts = `/api/donation-request/${other.body.insertedId}/contacts`;
    let seenByOwner = 0;
    let answered = 0;
    for (const [role, headers] of roles) {
      for (const path of paths) {
        const answer = await call(t, 'GET', path, { headers });
        if (answer.status === 200) answered += 1;
        const text = JSON.stringify(answer.body ?? '');
        if (role === 'owner' && (path === '/api/users/me' || path === '/api/users/me/export')) {
          expect(text).toContain('+8801712345678');
          seenByOwner += 1;
          continue;
        }
        if (role === 'requester' && path === '/api/users/me/export') {
          // Their copy of their data (issue 31): the contact number they typed themselves.
          expect(answer.body.requests[0].contactNumber).toBe('+8801898765432');
          expect(text).not.toContain('+8801712345678');
          continue;
        }
        if (role === 'requester' && path === otherContacts) {
          // The requester's own request: the contact number they typed, waiting for its code.
          expect(answer.body.unverifiedContact).toBe('+8801898765432');
          expect(answer.body.contact).toBeNull();
          continue;
        }
        expect(carriesNumber(text), `${role} GET ${path} shows the number`).toBe(false);
      }
    }
    expect(seenByOwner).toBe(2);
    const looks = await t.db
      .selectFrom('auditLog')
      .select('detail')
      .where('action', '=', 'phone.staffView')
      .execute();
    expect(looks.length).toBeGreaterThanOrEqual(2);
    expect(looks.filter((entry) => carriesNumber(entry.detail ?? ''))).toEqual([]);
    // The share previews of both requests, as a crawler reads them.
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-web-'));
    try {
      fs.writeFileSync(
        path.join(webRoot, 'index.html'),
        '<!doctype html><html><head><title>RedHope</title></head><body></body></html>',
      );
      const web = createApp(t.deps, { webRoot });
      for (const id of [own.body.insertedId, other.body.insertedId]) {
        const res = await web.request(`/blood-donation-request/${id}`);
        const html = await res.text();
        // The open one has its preview; the other, every bag pledged, is the plain page.
        if (id === own.body.insertedId) expect(html).toContain('og:description');
        expect(carriesNumber(html), `share preview of ${id} shows a number`).toBe(false);
      }
    } finally {
      fs.rmSync(webRoot, { recursive: true, force: true });
    }
    // Most endpoints answered something to somebody: the search was not all refusals.
    expect(answered).toBeGreaterThan(60);
    expect(logs.length).toBeGreaterThan(0);
    const logged = logs.filter(carriesNumber);
    expect(logged, 'log lines carrying the number').toEqual([]);
  });
});
