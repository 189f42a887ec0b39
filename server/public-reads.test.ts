import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BloodGroup } from '../common/constants.ts';
import { encodeCursor } from './lib/pagination.ts';
import { bearerFor, createRequest, createUser, dhakaDate } from './test/factories.ts';
import { call, sessionCookie, signIn } from './test/http.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

// Decision 027: one HTTP door. The public reads (anonymous donor search, the public list of open
// requests) go through the app and every middleware like any other request: the contract's
// answer, security headers, request id, log line and counters; and they carry the web's own
// cache validator (ETag, If-None-Match → 304, Cache-Control: no-cache). The server here is
// built as server/start.ts builds it: Node's server, the node-server adapter, the app.

const engine = process.env.TEST_ENGINE ?? 'sqlite';
const METRICS_TOKEN = 'one-door-metrics-token-0123456789';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request, its body as the bytes sent (never decompressed). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${origin}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

let t: TestApp;
let server: http.Server;
let origin = '';
const logLines: Array<Record<string, unknown>> = [];
const donorIds: string[] = [];
let cursor = '';
let requestCursor = '';
let cookie = '';
let bearer = '';

beforeAll(async () => {
  t = await createTestApp(
    { METRICS_TOKEN },
    {
      logTo: {
        write: (line: string) => {
          logLines.push(JSON.parse(line));
        },
      },
    },
  );
  // Over the count's cap in one shape (A+ in Dhaka), and a few of every other.
  const groups: BloodGroup[] = ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'];
  for (let i = 0; i < 1_030; i += 1) {
    const user = await createUser(t.db, {
      name: `Donor ${String(i % 700).padStart(3, '0')}`, // equal names: the id breaks ties
      bloodGroup: i < 1_005 ? 'A+' : (groups[i % groups.length] as BloodGroup),
      division: i % 3 === 0 ? 'Khulna' : 'Dhaka',
      district: i % 3 === 0 ? 'Khulna' : 'Dhaka',
      upazila: i % 5 === 0 && i % 3 !== 0 ? 'Savar' : null,
      lastDonationDate: i % 4 === 0 ? new Date(Date.now() - i * 86_400_000).toISOString() : null,
      searchVisible: i % 50 !== 7,
      status: i % 97 === 3 ? 'block' : 'active',
      image: i % 2 ? null : '/api/images/0190a0a0-0000-7000-8000-000000000000.webp',
    });
    donorIds.push(user.id);
  }
  const someone = await createUser(t.db, { email: 'asker@example.org', name: 'Asker' });
  for (let i = 0; i < 45; i += 1) {
    await createRequest(t.db, someone, {
      donationDate: dhakaDate(i % 9),
      donationTime: `${String(8 + (i % 10)).padStart(2, '0')}:30`,
      bloodGroup: i % 2 ? 'B+' : 'O-',
      recipientName: `Patient ${i} "quoted" \u09B0\u0995\u09CD\u09A4`,
    });
  }
  cursor = encodeCursor(['Donor 350', donorIds[350] as string]);
  // Issue 27: the open list's key begins with the urgency's rank (scheduled: 2).
  requestCursor = encodeCursor([2, dhakaDate(3), '12:30', donorIds[0] as string]);
  const signedIn = await signIn(t, 'asker@example.org');
  cookie = sessionCookie(signedIn.headers);
  bearer = (await bearerFor(t.db, someone.id)).authorization;

  server = http.createServer(getRequestListener(t.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await new Promise<void>((done) => {
    if (!server) return done();
    server.close(() => done());
    server.closeAllConnections();
  });
  await t?.close();
});

const DONOR_QUERIES = [
  '',
  '?page=1&limit=20',
  '?limit=100',
  '?division=Dhaka&page=1&limit=20',
  '?division=Dhaka&district=Dhaka&page=2&limit=20',
  '?division=Dhaka&district=Dhaka&upazila=Savar&page=1&limit=20',
  '?upazila=Savar',
  '?bloodGroup=A%2B&page=1&limit=20',
  '?bloodGroup=A%2B&division=Dhaka',
  '?bloodGroup=A%2B&division=Dhaka&district=Dhaka&limit=7&page=3',
  '?bloodGroup=A%2B&division=Dhaka&district=Dhaka&upazila=Savar&page=1&limit=20',
  '?bloodGroup=A%2B&page=50&limit=20', // the last numbered page
  '?bloodGroup=A%2B&page=20&limit=50',
  '?bloodGroup=O-',
  '?bloodGroup=AB-&division=Khulna',
  '?division=Khulna&district=Dhaka', // a district not in the division: nothing
  '?division=Sylhet',
  '?bloodGroup=+A%2B+&division=+Dhaka', // trimmed by the schema
  '?bloodGroup=&division=&district=&upazila=',
  '?page=999&limit=1', // past the end
  '?limit=20&page=1&bloodGroup=A%2B', // another order: the links keep it
  '?division=Dhaka+', // `+` is a space
  '?division=%44haka', // an escape for a plain letter
];
const BAD_DONOR_QUERIES = [
  '?bloodGroup=C%2B',
  '?bloodGroup=A+', // "A " is not a blood group
  '?page=0',
  '?page=abc',
  '?page=1.5',
  '?limit=101',
  '?limit=0',
  '?page=51&limit=20', // past the numbered pages
  '?after=abc', // not a cursor the server wrote
  '?after=not%20base64!',
  `?after=${encodeCursor(['only one'])}`,
  '?division=%ZZ', // a broken escape
  '?division=a%00b', // NUL
  '?division=%ED%A0%80', // not UTF-8
  '?division=Dhaka&division=Khulna', // twice
  `?division=${'x'.repeat(300)}`,
];
const openListQueries = () => [
  '?status=pending',
  '?status=pending&page=1&limit=20',
  '?status=pending&page=2&limit=20',
  '?status=pending&page=3&limit=20',
  '?status=pending&limit=5&page=4',
  '?status=pending&verified=true',
  '?status=pending&verified=false',
  '?status=pending&verified=',
  `?status=pending&after=${requestCursor}`,
  '?page=1&status=pending&limit=100',
  // Issue 27: by component and urgency.
  '?status=pending&component=whole_blood&urgency=scheduled',
];

/** What every answer of the one door carries, whatever it answers. */
function expectTheDoorsHeaders(answer: Answer, what: string) {
  expect(answer.headers['x-request-id'], what).toMatch(/^[\w=-]{1,255}$/);
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff');
  expect(answer.headers['content-security-policy'], what).toBeTruthy();
  if (answer.status < 400) expect(answer.headers.vary, what).toMatch(/Accept-Encoding/);
}

/** The anonymous answer of a public list: the contract's shape, the door's headers, a validator. */
async function expectPublicList(path: string) {
  // Through the contract check of the test client: status, body and page headers as specified.
  const checked = await call(t, 'GET', path);
  expect(checked.status, path).toBe(200);
  expect(Array.isArray(checked.body), path).toBe(true);
  const lines = logLines.length;
  const answer = await get(path);
  expect(answer.status, path).toBe(200);
  expect(answer.headers['content-type'], path).toBe('application/json');
  expect(answer.headers['cache-control'], path).toBe('no-cache');
  expect(answer.headers.etag, path).toMatch(/^W\/"[\w-]+"$/);
  expect(answer.headers['x-total-count'], path).toBe(checked.headers.get('x-total-count'));
  expect(answer.headers.link, path).toBe(checked.headers.get('link') ?? undefined);
  expect(JSON.parse(String(answer.body)), path).toEqual(checked.body);
  expectTheDoorsHeaders(answer, path);
  // One log line, its id the answer's.
  const logged = logLines.slice(lines).filter((line) => line.msg === 'request');
  expect(logged, path).toHaveLength(1);
  expect(logged[0]?.requestId, path).toBe(answer.headers['x-request-id']);
  expect(logged[0]?.status, path).toBe(200);
  return answer;
}

describe(`public reads through the one door (${engine})`, () => {
  it('answers every donor search shape with the contract, the headers and a validator', async () => {
    for (const query of DONOR_QUERIES) {
      const answer = await expectPublicList(`/api/users/donor${query}`);
      // Anonymous: never an email.
      expect(String(answer.body), query).not.toContain('@');
    }
  });

  it('follows keyset cursors, page after page', async () => {
    let path = `/api/users/donor?bloodGroup=A%2B&after=${cursor}&limit=40`;
    const seen = new Set<string>();
    for (let page = 0; page < 4; page += 1) {
      const answer = await expectPublicList(path);
      for (const donor of JSON.parse(String(answer.body)) as Array<{ _id: string }>) {
        expect(seen.has(donor._id)).toBe(false);
        seen.add(donor._id);
      }
      const next = /<([^>]+)>; rel="next"/.exec(String(answer.headers.link))?.[1];
      if (!next) break;
      path = next;
    }
    expect(seen.size).toBeGreaterThan(40);
    await expectPublicList(`/api/users/donor?after=${cursor}`);
  });

  it('refuses every bad query in its own words, with no validator', async () => {
    for (const query of BAD_DONOR_QUERIES) {
      const answer = await get(`/api/users/donor${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.headers.etag, query).toBeUndefined();
      expect(JSON.parse(String(answer.body)).error.code, query).toBeTruthy();
      expectTheDoorsHeaders(answer, query);
    }
  });

  it('answers the public list of open requests the same way', async () => {
    for (const query of openListQueries()) {
      const answer = await expectPublicList(`/api/donation-request${query}`);
      expect(String(answer.body), query).not.toContain('asker@example.org');
    }
    for (const query of ['', '?status=done', '?status=pending&verified=yes']) {
      const answer = await get(`/api/donation-request${query}`);
      expect(answer.status, query).not.toBe(200);
      expect(answer.headers.etag, query).toBeUndefined();
    }
  });

  it('answers If-None-Match with the current tag 304, with no body', async () => {
    for (const path of [
      '/api/users/donor?bloodGroup=A%2B&division=Dhaka&page=1&limit=20',
      '/api/donation-request?status=pending&page=1&limit=20',
    ]) {
      const first = await get(path);
      const tag = String(first.headers.etag);
      const opaque = tag.slice(2);
      for (const given of [tag, opaque, `"other", ${tag}`, `W/"other",${opaque}`, '*']) {
        const again = await get(path, { 'if-none-match': given });
        expect(again.status, given).toBe(304);
        expect(again.body.length, given).toBe(0);
        expect(again.headers.etag, given).toBe(tag);
        expect(again.headers['cache-control'], given).toBe('no-cache');
        expectTheDoorsHeaders(again, given);
      }
      // Compressed or not, the same JSON: the same (weak) tag.
      const gzipped = await get(path, { 'accept-encoding': 'gzip', 'if-none-match': tag });
      expect(gzipped.status).toBe(304);
      for (const given of ['"other"', 'W/"other"', tag.replace(/.$/, 'x"')]) {
        const changed = await get(path, { 'if-none-match': given });
        expect(changed.status, given).toBe(200);
        expect(changed.body.equals(first.body), given).toBe(true);
      }
    }
    // The 304s are logged and counted like every answer.
    const metrics = await get('/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(String(metrics.body)).toMatch(
      /redhope_http_requests_total\{[^}]*route="\/api\/users\/donor"[^}]*status="304"[^}]*\} \d+/,
    );
    expect(logLines.some((line) => line.msg === 'request' && line.status === 304)).toBe(true);
  });

  it('gives a page a new tag once its answer changes, and other pages other tags', async () => {
    const path = '/api/users/donor?bloodGroup=O-&division=Sylhet';
    const before = await get(path);
    const other = await get('/api/users/donor?bloodGroup=O-&division=Khulna');
    expect(other.headers.etag).not.toBe(before.headers.etag);
    await createUser(t.db, {
      name: 'Aaron',
      bloodGroup: 'O-',
      division: 'Sylhet',
      district: 'Sylhet',
    });
    const after = await get(path, { 'if-none-match': String(before.headers.etag) });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(String(after.body)).toContain('Aaron');
    // The same rows on another page size still differ in their page headers: another tag.
    const limited = await get(`${path}&limit=1`);
    expect(limited.headers.etag).not.toBe(after.headers.etag);
  });

  it('compresses a public list as the app compresses any answer', async () => {
    const path = '/api/users/donor?bloodGroup=A%2B&limit=100'; // well over 1 KB
    const plain = await get(path);
    for (const encoding of ['gzip', 'deflate'] as const) {
      const packed = await get(path, { 'accept-encoding': encoding });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.etag).toBe(plain.headers.etag);
      const unpacked =
        encoding === 'gzip' ? zlib.gunzipSync(packed.body) : zlib.inflateSync(packed.body);
      expect(unpacked.equals(plain.body)).toBe(true);
    }
    const small = await get('/api/users/donor?bloodGroup=AB-&division=Khulna&limit=1', {
      'accept-encoding': 'gzip',
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const path = '/api/users/donor?bloodGroup=A%2B&division=Dhaka&district=Dhaka&page=1&limit=20';
    const whole = await get(path);
    const head = await get(path, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(whole.headers.etag);
    expect(head.headers['x-total-count']).toBe(whole.headers['x-total-count']);
  });

  it('never confirms an anonymous copy to a caller with credentials', async () => {
    const path = '/api/users/donor?bloodGroup=O%2B&page=1&limit=20';
    const anonymous = await get(path);
    const tag = String(anonymous.headers.etag);
    const credentials: Array<Record<string, string>> = [
      { cookie },
      { authorization: bearer },
      { cookie: 'better-auth.session_token=forged.value' },
      { authorization: 'Bearer nonsense' },
      { cookie: 'theme=dark' },
    ];
    for (const headers of credentials) {
      const answer = await get(path, { ...headers, 'if-none-match': tag });
      const what = JSON.stringify(headers);
      expect(answer.status, what).toBe(200);
      expect(answer.headers.etag, what).toBeUndefined();
      expect(answer.headers['cache-control'], what).toBe('private, no-store');
      expect(answer.body.length, what).toBeGreaterThan(2);
    }
    // Signed in, the donor search shows emails; the anonymous answer never does.
    const signedIn = await get(path, { cookie });
    expect(String(signedIn.body)).toContain('@example.org');
    expect(String(anonymous.body)).not.toContain('@example.org');
    const list = await get('/api/donation-request?status=pending', { cookie });
    expect(list.headers.etag).toBeUndefined();
    expect(String(list.body)).toContain('asker@example.org');
  });

  it("keeps the caller's request id as every route does", async () => {
    for (const [id, kept] of [
      ['abc-123_=', true],
      ['x'.repeat(255), true],
      ['x'.repeat(256), false],
      ['not ok', false],
    ] as const) {
      const answer = await get('/api/users/donor?bloodGroup=O-', { 'x-request-id': id });
      if (kept) expect(answer.headers['x-request-id']).toBe(id);
      else expect(answer.headers['x-request-id']).not.toBe(id);
    }
  });
});
