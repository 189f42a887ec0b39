/**
 * `npm run soak [-- --seconds 600 --connections 200 --think-ms 4000 --database-url postgres://…]`
 *
 * Runs the built server (dist/server/index.js, as `npm start` does) on a fresh seeded database
 * and keeps 200 connections open for a set time, each a person who reads (the pending list, donor
 * search, their profile and requests, places), signs in now and then, creates requests, accepts
 * others' and marks their own done, pausing 0 to --think-ms between actions. Every person has an
 * address of their own (X-Forwarded-For behind TRUST_PROXY), so the per-address limits apply as
 * in production. The load is meant to be steady and below what the machine can do: a soak looks
 * for what gets worse over time, not for the ceiling (see docs/performance-soak.md for what
 * happens past it).
 *
 * Reports requests, 5xx, p50/p99 per kind and overall, the server's CPU and event-loop delay, and
 * its memory at the start, after warm-up (the first fifth), the middle and the end, each after a
 * full garbage collection (bench/soak-probe.mjs), with the live-heap comparison. Exits non-zero
 * when a target is missed:
 *   - no 5xx and no broken connection;
 *   - p99 of all requests ≤ SOAK_P99_MS (default 500 ms);
 *   - live heap at the end ≤ after warm-up + max(10 %, 8 MB): no growth after warm-up.
 * Not part of `npm test`. Figures: docs/performance-soak.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BLOOD_GROUPS } from '../common/constants.ts';
import geo from '../common/geo/bangladesh-geo.json' with { type: 'json' };
import { freePort } from '../scripts/built-server.ts';
import { hashPassword } from '../server/auth/password.ts';
import { connect } from '../server/db/dialect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { newId } from '../server/lib/ids.ts';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.SOAK_SECONDS ?? '600' },
    connections: { type: 'string', default: process.env.SOAK_CONNECTIONS ?? '200' },
    'think-ms': { type: 'string', default: process.env.SOAK_THINK_MS ?? '4000' },
    'database-url': { type: 'string', default: process.env.SOAK_DATABASE_URL ?? '' },
  },
});
const SECONDS = Number(options.seconds);
const CONNECTIONS = Number(options.connections);
const THINK_MS = Number(options['think-ms']);
const P99_TARGET_MS = Number(process.env.SOAK_P99_MS ?? 500);
const METRICS_TOKEN = randomBytes(24).toString('base64url');
const DONORS = 5000;
const PASSWORD = 'Soak-passw0rd!';
const ORIGIN = 'http://soak.redhope.test';

if (!fs.existsSync('dist/server/index.js')) {
  console.error('dist/server/index.js is missing: run `npm run soak`, which builds first.');
  process.exit(2);
}

// ---------------------------------------------------------------- database, seeded
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-soak-'));
const pgUrl = options['database-url'];
const pgSchema = pgUrl ? `soak_${randomBytes(4).toString('hex')}` : '';
async function pgAdmin(text: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(text);
  await client.end();
}
if (pgUrl) await pgAdmin(`create schema ${pgSchema}`);
const handle = pgUrl
  ? connect({ databaseUrl: pgUrl, pgSchema })
  : connect({ sqliteFile: path.join(dataDir, 'redhope.sqlite') });
await migrateToLatest(handle);

interface Person {
  index: number;
  id: string;
  name: string;
  email: string;
  token: string;
  address: string;
  cookie: string;
  /** Their requests someone accepted: theirs to mark done. */
  inProgress: string[];
}

const districts = geo.districts.map((d) => ({
  name: d.name,
  division: geo.divisions.find((v) => v.id === d.divisionId)?.name ?? '',
}));
const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
const now = new Date().toISOString();
const password = await hashPassword(PASSWORD);
const people: Person[] = [];
console.log(`seeding ${DONORS} donors, ${CONNECTIONS} of them signed-in people…`);
await handle.db.transaction().execute(async (trx) => {
  for (let i = 0; i < DONORS; i += 500) {
    const users = Array.from({ length: Math.min(500, DONORS - i) }, (_, j) => {
      const n = i + j;
      const place = pick(districts, n * 7);
      return {
        id: newId(),
        name: `Soak Donor ${n}`,
        email: `soak${n}@example.org`,
        emailVerified: 0,
        image: null,
        createdAt: now,
        updatedAt: now,
        role: 'donor' as const,
        status: 'active' as const,
        bloodGroup: pick(BLOOD_GROUPS, n),
        division: place.division,
        district: place.name,
        upazila: null,
        lastDonationDate: null,
        searchVisible: 1,
      };
    });
    await trx.insertInto('user').values(users).execute();
    const signedIn = users.filter((_, j) => i + j < CONNECTIONS);
    if (!signedIn.length) continue;
    await trx
      .insertInto('account')
      .values(
        signedIn.map((u) => ({
          id: newId(),
          accountId: u.id,
          providerId: 'credential',
          userId: u.id,
          password,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
    const sessions = signedIn.map((u) => ({
      id: newId(),
      token: randomBytes(24).toString('base64url'),
      userId: u.id,
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      ipAddress: null,
      userAgent: null,
    }));
    await trx.insertInto('session').values(sessions).execute();
    sessions.forEach((session, k) => {
      const user = signedIn[k];
      if (!user) return;
      const index = people.length;
      people.push({
        index,
        id: user.id,
        name: user.name,
        email: user.email,
        token: session.token,
        address: `10.${(index >> 8) & 255}.${index & 255}.7`,
        cookie: '',
        inProgress: [],
      });
    });
  }
});
await handle.close();

// ---------------------------------------------------------------- the server
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let serverErrors = '';
const server: ChildProcess = spawn(
  process.execPath,
  ['--expose-gc', '--import', './bench/soak-probe.mjs', 'dist/server/index.js'],
  {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: pgUrl
        ? `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${pgSchema}`)}`
        : '',
      REDIS_URL: '',
      // Each soak person posts a request every minute or so and others accept them: more open
      // requests than the limit of 3 (issue 14) a real person has; the check still runs.
      MAX_OPEN_REQUESTS_PER_USER: '1000',
      TRUST_PROXY: 'true',
      AUTH_SECRET: 'soak-secret-that-is-long-enough-0123456789',
      METRICS_TOKEN,
      // Production logs one line per request; they go nowhere here, but are still made.
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  },
);
server.stderr?.on('data', (chunk) => {
  serverErrors += chunk;
});
// Interrupted: the server goes too (it also stops by itself when this process disappears).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.kill('SIGTERM');
    process.exit(130);
  });
}

interface Memory {
  cpuMicros: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}
function serverMemory(): Promise<Memory> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('the server did not answer the memory probe')),
      30_000,
    );
    const onMessage = (message: { type?: string } & Memory) => {
      if (message.type !== 'memory') return;
      clearTimeout(timer);
      server.off('message', onMessage);
      resolve(message);
    };
    server.on('message', onMessage);
    server.send({ type: 'memory' });
  });
}

// ---------------------------------------------------------------- the client
// Idle connections are closed by the client before the server's keep-alive timeout (5 s) would,
// as browsers do, so a request is not sent on a connection the server is just closing.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS, timeout: 4000 });
interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}
function sendOnce(
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  payload: string | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${urlPath}`,
      {
        method,
        agent,
        headers: {
          origin: ORIGIN,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed just as we reused it: nothing was processed.
      // Node's documentation says to send again, and browsers do.
      reject(req.reusedSocket && error.code === 'ECONNRESET' ? new StaleConnection() : error);
    });
    req.end(payload);
  });
}
class StaleConnection extends Error {}
async function send(
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  try {
    return await sendOnce(method, urlPath, headers, payload);
  } catch (error) {
    if (!(error instanceof StaleConnection)) throw error;
    return sendOnce(method, urlPath, headers, payload);
  }
}

/** The server's event-loop delay since the previous scrape (p99 and max, ms), from /api/metrics. */
async function eventLoopDelay(): Promise<{ p99: number; max: number }> {
  const text = (await send('GET', '/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` }))
    .body;
  const value = (quantile: string) =>
    Number(
      new RegExp(`^nodejs_eventloop_delay_seconds\\{quantile="${quantile}"\\} (\\S+)$`, 'm').exec(
        text,
      )?.[1] ?? 0,
    ) * 1000;
  return { p99: value('0.99'), max: value('1') };
}

async function waitUntilReady() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited:\n${serverErrors}`);
    try {
      if ((await send('GET', '/api/ready', {})).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not become ready:\n${serverErrors}`);
}

interface KindStats {
  latencies: number[];
  statuses: Map<number, number>;
}
const stats = new Map<string, KindStats>();
let broken = 0;
const brokenExamples: string[] = [];
const serverErrorExamples: string[] = [];
/** Requests created and not yet accepted, anyone's to accept. */
const pending: Array<{ id: string; requester: number }> = [];

async function timed(kind: string, run: () => Promise<Answer>): Promise<Answer | null> {
  const started = performance.now();
  let answer: Answer;
  try {
    answer = await run();
  } catch (error) {
    broken += 1;
    if (brokenExamples.length < 5) brokenExamples.push(`${kind}: ${(error as Error).message}`);
    return null;
  }
  const entry: KindStats = stats.get(kind) ?? { latencies: [], statuses: new Map() };
  stats.set(kind, entry);
  entry.latencies.push(performance.now() - started);
  entry.statuses.set(answer.status, (entry.statuses.get(answer.status) ?? 0) + 1);
  if (answer.status >= 500 && serverErrorExamples.length < 5) {
    serverErrorExamples.push(`${kind} ${answer.status}: ${answer.body.slice(0, 200)}`);
  }
  return answer;
}

const requestBody = (i: number) => {
  const place = pick(districts, i);
  return {
    // A new patient each time: a person's second open request for one is refused (issue 14).
    recipientName: `Soak Patient ${i}`,
    bloodGroup: pick(BLOOD_GROUPS, i),
    division: place.division,
    district: place.name,
    hospitalName: 'District Hospital',
    fullAddress: 'Ward 3',
    donationDate: new Date(Date.now() + 3 * 86_400_000 + 6 * 3_600_000).toISOString().slice(0, 10),
    donationTime: '10:30',
    requestMessage: 'Two bags needed.',
  };
};

/** One person's next action, chosen by weight: mostly reading, as people do. */
async function act(person: Person, n: number) {
  const as = { authorization: `Bearer ${person.token}`, 'x-forwarded-for': person.address };
  const roll = Math.random() * 100;
  if (roll < 20) {
    await timed('read: pending list', () =>
      send('GET', `/api/donation-request?status=pending&page=${(n % 5) + 1}`, as),
    );
  } else if (roll < 40) {
    const district = pick(districts, n * 13).name;
    const group = encodeURIComponent(pick(BLOOD_GROUPS, n));
    await timed('read: donor search', () =>
      send(
        'GET',
        `/api/users/donor?bloodGroup=${group}&district=${encodeURIComponent(district)}`,
        as,
      ),
    );
  } else if (roll < 50) {
    await timed('read: my profile', () => send('GET', '/api/users/me', as));
  } else if (roll < 58) {
    await timed('read: my recent requests', () => send('GET', '/api/donation-request/recent', as));
  } else if (roll < 64) {
    await timed('read: places', () => send('GET', `/api/districts?divisionId=${(n % 8) + 1}`, as));
  } else if (roll < 66) {
    // A sign-in from the person's browser, replacing the session the browser had.
    const answer = await timed('sign-in', () =>
      send(
        'POST',
        '/api/auth/sign-in/email',
        { 'x-forwarded-for': person.address, ...(person.cookie ? { cookie: person.cookie } : {}) },
        { email: person.email, password: PASSWORD },
      ),
    );
    const cookie = [answer?.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0] ?? '')
      .find((c) => c.includes('session_token'));
    if (cookie) person.cookie = cookie;
  } else if (roll < 80) {
    const answer = await timed('create', () =>
      send('POST', '/api/donation-request', as, requestBody(n)),
    );
    if (answer?.status === 201) {
      pending.push({
        id: (JSON.parse(answer.body) as { insertedId: string }).insertedId,
        requester: person.index,
      });
    }
  } else if (roll < 92) {
    const at = pending.findIndex((p) => p.requester !== person.index);
    const target = at >= 0 ? pending.splice(at, 1)[0] : undefined;
    if (!target) return;
    const answer = await timed('donate', () =>
      send('PATCH', `/api/donation-request/${target.id}`, as, { status: 'inprogress' }),
    );
    if (answer?.status === 200) people[target.requester]?.inProgress.push(target.id);
  } else {
    const id = person.inProgress.shift();
    if (!id) return;
    await timed('done', () => send('PATCH', `/api/donation-request/${id}`, as, { status: 'done' }));
  }
}

// ---------------------------------------------------------------- the run
const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) : 0;
const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
const requestCount = () => [...stats.values()].reduce((sum, s) => sum + s.latencies.length, 0);

interface Sample {
  label: string;
  /** Seconds into the load. */
  at: number;
  memory: Memory;
  /** The server's CPU use since the previous sample, in % of one core. */
  cpu: number;
  /** Requests a second since the previous sample. */
  rate: number;
  loop: { p99: number; max: number };
}

try {
  await waitUntilReady();
  const samples: Sample[] = [];
  let started = performance.now();
  let last = { wall: performance.now(), cpu: 0, requests: 0 };
  const sample = async (label: string) => {
    const loop = await eventLoopDelay();
    const memory = await serverMemory();
    const wall = performance.now();
    const seconds = (wall - last.wall) / 1000;
    samples.push({
      label,
      at: Math.round((wall - started) / 1000),
      memory,
      cpu: last.cpu ? ((memory.cpuMicros - last.cpu) / 1e6 / seconds) * 100 : 0,
      rate: last.cpu ? (requestCount() - last.requests) / seconds : 0,
      loop,
    });
    last = { wall, cpu: memory.cpuMicros, requests: requestCount() };
  };
  await sample('start');
  console.log(
    `soak: ${CONNECTIONS} connections for ${SECONDS} s, 0-${THINK_MS} ms between actions, on ` +
      `${pgUrl ? 'PostgreSQL' : 'SQLite'} (${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(1)})`,
  );
  started = performance.now();
  last.wall = started;
  const deadline = started + SECONDS * 1000;
  const loops = people.map(async (person) => {
    let n = person.index;
    // People arrive over the first think time, not all at once.
    await new Promise((r) => setTimeout(r, Math.random() * Math.max(THINK_MS, 1000)));
    while (performance.now() < deadline) {
      await act(person, n++);
      if (THINK_MS > 0) await new Promise((r) => setTimeout(r, Math.random() * THINK_MS));
    }
  });
  // Samples while the load runs: after warm-up (a fifth), then each tenth, the middle marked.
  for (const mark of [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
    const at = started + mark * SECONDS * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, at - performance.now())));
    await sample(mark === 0.2 ? 'after warm-up' : mark === 0.5 ? 'middle' : `${mark * 100} %`);
    const s = samples.at(-1);
    console.log(
      `  ${Math.round(mark * 100)} %: ${requestCount()} requests, ${s?.rate.toFixed(0)}/s, ` +
        `server CPU ${s?.cpu.toFixed(0)} %, live heap ${mb(s?.memory.heapUsed ?? 0)} MB`,
    );
  }
  await Promise.all(loops);
  await sample('end');

  // ---------------------------------------------------------------- the report
  const elapsed = (performance.now() - started) / 1000;
  const all: number[] = [];
  let fiveHundreds = 0;
  const rows: string[] = [];
  for (const [kind, entry] of [...stats.entries()].sort()) {
    const sorted = [...entry.latencies].sort((a, b) => a - b);
    all.push(...sorted);
    const errors = [...entry.statuses].filter(([s]) => s >= 500).reduce((sum, [, c]) => sum + c, 0);
    fiveHundreds += errors;
    const statuses = [...entry.statuses]
      .sort(([a], [b]) => a - b)
      .map(([s, c]) => `${s}: ${c}`)
      .join(', ');
    rows.push(
      `| ${kind} | ${sorted.length} | ${percentile(sorted, 0.5).toFixed(0)} | ${percentile(sorted, 0.99).toFixed(0)} | ${statuses} |`,
    );
  }
  all.sort((a, b) => a - b);
  const p99 = percentile(all, 0.99);
  const warm = samples.find((s) => s.label === 'after warm-up')?.memory.heapUsed ?? 0;
  const end = samples.at(-1)?.memory.heapUsed ?? 0;
  const allowed = Math.max(warm * 0.1, 8 * 1_048_576);
  const growth = end - warm;

  const lines = [
    `## ${CONNECTIONS} connections for ${Math.round(elapsed)} s on ${pgUrl ? 'PostgreSQL' : 'SQLite'}`,
    '',
    `${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores; 0-${THINK_MS} ms between one person's actions.`,
    `${all.length} requests (${Math.round(all.length / elapsed)}/s), **${fiveHundreds} answered 5xx**, ` +
      `${broken} broken connections; p50 ${percentile(all, 0.5).toFixed(0)} ms, **p99 ${p99.toFixed(0)} ms**.`,
    '',
    '| kind | requests | p50 ms | p99 ms | answers |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows,
    '',
    '| server, after a full GC | at s | req/s | CPU % | event-loop p99 / max ms | RSS MB | live heap MB |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...samples.map(
      (s) =>
        `| ${s.label} | ${s.at} | ${s.rate.toFixed(0)} | ${s.cpu.toFixed(0)} | ${s.loop.p99.toFixed(0)} / ${s.loop.max.toFixed(0)} | ${mb(s.memory.rss)} | ${mb(s.memory.heapUsed)} |`,
    ),
    '',
    `Live heap after warm-up ${mb(warm)} MB, at the end ${mb(end)} MB: ` +
      `**${growth >= 0 ? '+' : ''}${mb(growth)} MB** (allowed +${mb(allowed)} MB).`,
  ];
  console.log(`\n${lines.join('\n')}`);

  const missed: string[] = [];
  if (fiveHundreds)
    missed.push(`${fiveHundreds} answers were 5xx: ${serverErrorExamples.join('; ')}`);
  if (broken) missed.push(`${broken} requests broke: ${brokenExamples.join('; ')}`);
  if (p99 > P99_TARGET_MS) missed.push(`p99 ${p99.toFixed(0)} ms > ${P99_TARGET_MS} ms`);
  if (growth > allowed) missed.push(`the live heap grew ${mb(growth)} MB after warm-up`);
  if (missed.length) {
    console.error(`\ntargets missed:\n  ${missed.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nall targets met');
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  agent.destroy();
  server.kill('SIGTERM');
  if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl) await pgAdmin(`drop schema ${pgSchema} cascade`);
}
