import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BloodGroup } from '../common/constants.ts';
import { createApp } from './app.ts';
import { createFastPath, withFastPath } from './fast-path.ts';
import { createHttpMetrics } from './features/metrics/http-metrics.ts';
import { encodeCursor } from './lib/pagination.ts';
import { bearerFor, createRequest, createUser, dhakaDate } from './test/factories.ts';
import { sessionCookie, signIn } from './test/http.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

// Decision 021: the public reads' fast path must answer exactly as the app does. Two servers on
// one database: one with the fast path in front of the app, one with the app alone; every
// request goes to both and the answers are compared byte for byte.

const engine = process.env.TEST_ENGINE ?? 'sqlite';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

interface Server {
  origin: string;
  close: () => Promise<void>;
}

function listen(listener: http.RequestListener): Promise<Server> {
  const server = http.createServer(listener);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** One request, its body as the bytes sent (never decompressed). */
function get(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
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

/** Headers that differ between any two answers whatever made them: time, id, framing. */
const PER_ANSWER = new Set([
  'date',
  'x-request-id',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);
const comparable = (headers: Answer['headers']) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !PER_ANSWER.has(name)));

let t: TestApp;
const logLines: Array<Record<string, unknown>> = [];
let both: Server;
let appOnly: Server;
/** Whether the last request to `both` went on to the app. */
let reachedApp = false;
const fastMetrics = createHttpMetrics();
const appMetrics = createHttpMetrics();
const donorIds: string[] = [];
let cursor = '';
let requestCursor = '';
let cookie = '';
let bearer = '';

beforeAll(async () => {
  t = await createTestApp(
    {},
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
  requestCursor = encodeCursor([dhakaDate(3), '12:30', donorIds[0] as string]);
  const signedIn = await signIn(t, 'asker@example.org');
  cookie = sessionCookie(signedIn.headers);
  bearer = (await bearerFor(t.db, someone.id)).authorization;

  const fast = await createFastPath(t.deps, fastMetrics);
  const withApp = getRequestListener(createApp(t.deps, { httpMetrics: fastMetrics }).fetch);
  both = await listen(
    withFastPath(fast, (req, res) => {
      reachedApp = true;
      withApp(req, res);
    }),
  );
  appOnly = await listen(getRequestListener(createApp(t.deps, { httpMetrics: appMetrics }).fetch));
}, 180_000);

afterAll(async () => {
  await both?.close();
  await appOnly?.close();
  await t?.close();
});

/** The same request to both servers: the two answers and whether the fast path gave the first. */
async function twice(path: string, headers: Record<string, string> = {}, method = 'GET') {
  reachedApp = false;
  const linesBefore = logLines.length;
  const viaBoth = await get(both.origin, path, headers, method);
  const fast = !reachedApp;
  const bothLines = logLines.slice(linesBefore).filter((l) => l.msg === 'request');
  const between = logLines.length;
  const viaApp = await get(appOnly.origin, path, headers, method);
  const appLines = logLines.slice(between).filter((l) => l.msg === 'request');
  return { viaBoth, viaApp, fast, bothLines, appLines };
}

async function expectSameAnswer(
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
) {
  const result = await twice(path, headers, method);
  const { viaBoth, viaApp, bothLines, appLines } = result;
  const what = `${method} ${path} ${JSON.stringify(headers)}`;
  expect(viaBoth.status, what).toBe(viaApp.status);
  expect(comparable(viaBoth.headers), what).toEqual(comparable(viaApp.headers));
  expect(viaBoth.body.equals(viaApp.body), `${what}: bodies differ`).toBe(true);
  // The same log line: one per request, its id the answer's.
  expect(bothLines).toHaveLength(1);
  expect(appLines).toHaveLength(1);
  const { time: _t1, ms: _m1, pid: _p1, ...bothLine } = bothLines[0] as Record<string, unknown>;
  const { time: _t2, ms: _m2, pid: _p2, ...appLine } = appLines[0] as Record<string, unknown>;
  expect({ ...bothLine, requestId: 'x' }).toEqual({ ...appLine, requestId: 'x' });
  expect(bothLine.requestId).toBe(viaBoth.headers['x-request-id']);
  const given = headers['x-request-id'];
  if (given && /^[\w=-]{1,255}$/.test(given)) {
    expect(bothLine.requestId).toBe(given);
    expect(appLine.requestId).toBe(given);
  }
  return result;
}

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
/** Odd but answerable: whichever path answers, the answer is the app's. */
const ODD_DONOR_QUERIES = [
  '?colour=red', // a parameter the fast path does not know: the app's
  '?division=Dhaka&',
  '?&&division=Dhaka',
  '?=x',
  '?division',
  '?Division=Dhaka',
];

describe(`public reads' fast path (${engine})`, () => {
  it('answers every donor search shape as the app does', async () => {
    for (const query of DONOR_QUERIES) {
      const { fast } = await expectSameAnswer(`/api/users/donor${query}`);
      expect(fast, query).toBe(true);
    }
  });

  it('follows keyset cursors as the app does, page after page', async () => {
    let path = `/api/users/donor?bloodGroup=A%2B&after=${cursor}&limit=40`;
    for (let page = 0; page < 4; page += 1) {
      const { viaBoth, fast } = await expectSameAnswer(path);
      expect(fast).toBe(true);
      const next = /<([^>]+)>; rel="next"/.exec(String(viaBoth.headers.link))?.[1];
      if (!next) break;
      path = next;
    }
    const { fast } = await expectSameAnswer(`/api/users/donor?after=${cursor}`);
    expect(fast).toBe(true);
  });

  it('leaves every bad query to the app, whose 400 it is', async () => {
    for (const query of BAD_DONOR_QUERIES) {
      const { viaBoth, fast } = await expectSameAnswer(`/api/users/donor${query}`);
      expect(fast, query).toBe(false);
      expect(viaBoth.status, query).not.toBe(200);
    }
  });

  it("gives the app's answer to odd queries too", async () => {
    for (const query of ODD_DONOR_QUERIES) await expectSameAnswer(`/api/users/donor${query}`);
  });

  it('answers the public list of open requests as the app does', async () => {
    const good = [
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
    ];
    for (const query of good) {
      const { fast } = await expectSameAnswer(`/api/donation-request${query}`);
      expect(fast, query).toBe(true);
    }
    const bad = [
      '',
      '?status=done',
      '?status=',
      '?status=pending&verified=yes',
      '?status=pending&email=',
      '?status=pending&email=asker%40example.org',
      '?status=pending&page=0',
      `?status=pending&after=${cursor}`, // a donor cursor: two values, not three
      '?status=pending&status=pending',
    ];
    for (const query of bad) {
      const { fast } = await expectSameAnswer(`/api/donation-request${query}`);
      expect(fast, query).toBe(false);
    }
  });

  it('negotiates compression as the app does, with the same threshold', async () => {
    const encodings = [
      'gzip',
      'deflate',
      'gzip, deflate, br, zstd',
      'br',
      'identity',
      'gzip;q=0',
      'gzip;q=0, deflate',
      'gzip;q=0.5, deflate;q=0.8',
      'deflate;q=0.5, gzip;q=0.5',
      '*',
      '*;q=0.3, gzip;q=0',
      'GZIP',
      '',
    ];
    const paths = [
      '/api/users/donor?bloodGroup=A%2B&limit=100', // well over 1 KB
      '/api/users/donor?bloodGroup=AB-&division=Khulna&limit=1', // under 1 KB
      '/api/users/donor?division=Sylhet', // `[]`
      '/api/donation-request?status=pending&limit=50',
    ];
    for (const path of paths) {
      for (const encoding of encodings) {
        const { viaBoth, fast } = await expectSameAnswer(path, { 'accept-encoding': encoding });
        expect(fast).toBe(true);
        if (encoding === 'gzip' && path.includes('limit=100'))
          expect(viaBoth.headers['content-encoding']).toBe('gzip');
      }
    }
  });

  it("keeps the caller's request id when the app would", async () => {
    for (const id of ['abc-123_=', 'x'.repeat(255), 'x'.repeat(256), 'not ok', 'ünï']) {
      const { fast } = await expectSameAnswer('/api/users/donor?bloodGroup=O-', {
        'x-request-id': id,
      });
      expect(fast).toBe(true);
    }
  });

  it('answers a browser-like request, and leaves HEAD and conditional requests to the app', async () => {
    const browser = {
      accept: 'application/json',
      'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8',
      'accept-encoding': 'gzip, deflate, br, zstd',
      'user-agent': 'Mozilla/5.0',
      referer: 'http://localhost:3000/search',
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      'sec-fetch-dest': 'empty',
    };
    const path = '/api/users/donor?bloodGroup=A%2B&division=Dhaka&district=Dhaka&page=1&limit=20';
    expect((await expectSameAnswer(path, browser)).fast).toBe(true);
    expect((await expectSameAnswer(path, {}, 'HEAD')).fast).toBe(false);
    expect((await expectSameAnswer(path, { 'accept-encoding': 'gzip' }, 'HEAD')).fast).toBe(false);
    expect((await expectSameAnswer(path, { 'if-none-match': '"abc"' })).fast).toBe(false);
    expect((await expectSameAnswer(path, { range: 'bytes=0-10' })).fast).toBe(false);
    expect((await expectSameAnswer(path, { 'x-unknown': '1' })).fast).toBe(false);
    expect((await expectSameAnswer(path, { host: 'Example.ORG' })).fast).toBe(false);
    expect((await expectSameAnswer('/api/users/donor/', {})).fast).toBe(false);
    expect((await expectSameAnswer('/api/users/me', {})).fast).toBe(false);
  });

  it('never answers a request with credentials: the app reads the session', async () => {
    const path = '/api/users/donor?bloodGroup=O%2B&page=1&limit=20';
    const credentials: Array<Record<string, string>> = [
      { cookie },
      { authorization: bearer },
      { cookie: 'better-auth.session_token=forged.value' },
      { authorization: 'Bearer nonsense' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { cookie: 'theme=dark' },
    ];
    for (const headers of credentials) {
      const { fast } = await expectSameAnswer(path, headers);
      expect(fast, JSON.stringify(headers)).toBe(false);
    }
    // Signed in, the donor search shows emails; the anonymous answer never does.
    const signedIn = await twice(path, { cookie });
    expect(signedIn.fast).toBe(false);
    const anonymous = await twice(path);
    expect(anonymous.fast).toBe(true);
    expect(String(signedIn.viaBoth.body)).toContain('@example.org');
    expect(String(anonymous.viaBoth.body)).not.toContain('@example.org');
    const list = await twice('/api/donation-request?status=pending', { cookie });
    expect(list.fast).toBe(false);
    expect(String(list.viaBoth.body)).toContain('asker@example.org');
  });

  it('counts its requests exactly as the app does', () => {
    // Every request above went once to each server, in the same order.
    // Durations differ; what was counted, under which labels, may not.
    const counts = (text: string) =>
      text
        .split('\n')
        .filter((line) =>
          /^redhope_http_(requests_total|request_duration_seconds_count)/.test(line),
        );
    expect(counts(fastMetrics.render()).length).toBeGreaterThan(5);
    expect(counts(fastMetrics.render())).toEqual(counts(appMetrics.render()));
  });
});
