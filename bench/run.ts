/**
 * `npm run bench`: speed and memory of the hot read paths on a realistic SQLite database.
 * Seeds 100,000 donors and 50,000 requests into a temporary database, then measures the public
 * donor search and the public pending list through the real app (in process), prints the query
 * plans, and fails when a target is missed. Targets (2-core machine, one process, requests in
 * series through the whole app): each read ≥ 150 req/s with p99 ≤ 40 ms; RSS ≤ 400 MB.
 * Measured 2026-11-21: blood group + district 574 req/s (p99 8 ms), blood group only page 5
 * 268 req/s (p99 9 ms), pending list 340 req/s (p99 8 ms), 233 MB.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { BLOOD_GROUPS } from '../common/constants.ts';
import geo from '../common/geo/bangladesh-geo.json' with { type: 'json' };
import { createApp } from '../server/app.ts';
import { connect } from '../server/db/dialect.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { buildDeps } from '../server/deps.ts';
import { findAllByRequester, findOpen } from '../server/features/requests/requests.repository.ts';
import { countDonors, searchDonors } from '../server/features/users/users.repository.ts';
import { parseEnv } from '../server/lib/env.ts';
import { newId } from '../server/lib/ids.ts';
import { createLogger } from '../server/lib/logger.ts';

const DONORS = 100_000;
const REQUESTS = 50_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-bench-'));
const env = parseEnv({
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
  NODE_ENV: 'production',
  AUTH_SECRET: 'b'.repeat(40),
});
const handle = connect({ sqliteFile: path.join(dir, 'bench.sqlite') });
await migrateToLatest(handle);
const { deps, close } = buildDeps(handle, env, createLogger('silent'));
const app = createApp(deps);

const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
const districts = geo.districts.map((d) => ({
  name: d.name,
  division: geo.divisions.find((v) => v.id === d.divisionId)?.name ?? '',
}));

console.log(`seeding ${DONORS} donors and ${REQUESTS} requests…`);
const now = new Date().toISOString();
const userIds: string[] = [];
await handle.db.transaction().execute(async (trx) => {
  for (let i = 0; i < DONORS; i += 500) {
    const rows = Array.from({ length: Math.min(500, DONORS - i) }, (_, j) => {
      const n = i + j;
      const place = pick(districts, n * 7);
      const id = newId();
      userIds.push(id);
      return {
        id,
        name: `Donor ${n.toString(36)}`,
        email: `d${n}@example.org`,
        emailVerified: 0,
        image: null,
        createdAt: now,
        updatedAt: now,
        role: 'donor' as const,
        status: n % 50 === 0 ? ('block' as const) : ('active' as const),
        bloodGroup: pick(BLOOD_GROUPS, n),
        division: place.division,
        district: place.name,
        upazila: null,
        lastDonationDate: n % 3 === 0 ? now : null,
        searchVisible: 1,
      };
    });
    await trx.insertInto('user').values(rows).execute();
  }
  const today = new Date();
  for (let i = 0; i < REQUESTS; i += 500) {
    const rows = Array.from({ length: Math.min(500, REQUESTS - i) }, (_, j) => {
      const n = i + j;
      const place = pick(districts, n * 3);
      const date = new Date(today.getTime() + ((n % 60) - 20) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      return {
        id: newId(),
        requesterId: pick(userIds, n),
        requesterName: 'R',
        requesterEmail: `d${n % DONORS}@example.org`,
        recipientName: `Patient ${n}`,
        bloodGroup: pick(BLOOD_GROUPS, n),
        division: place.division,
        district: place.name,
        upazila: null,
        hospitalName: 'Hospital',
        fullAddress: 'Address',
        donationDate: date,
        donationTime: '10:00',
        requestMessage: 'Please help',
        status: pick(['pending', 'pending', 'inprogress', 'done', 'cancel'] as const, n),
        donorId: null,
        donorName: null,
        donorEmail: null,
        createdAt: now,
        updatedAt: now,
      };
    });
    await trx.insertInto('donationRequest').values(rows).execute();
  }
});
await sql`analyze`.execute(handle.db);

async function measure(label: string, makePath: (i: number) => string, count = 3000) {
  for (let i = 0; i < 200; i++) await (await app.request(makePath(i))).arrayBuffer(); // warm-up
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await app.request(makePath(i));
    if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status}`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0;
  const result = {
    label,
    rps: Math.round(count / seconds),
    p50: +pct(0.5).toFixed(2),
    p99: +pct(0.99).toFixed(2),
  };
  console.log(`${label}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms`);
  return result;
}

const results = [
  await measure(
    'donor search (blood group + district)',
    (i) =>
      `/api/users/donor?bloodGroup=${encodeURIComponent(pick(BLOOD_GROUPS, i))}&district=${encodeURIComponent(pick(districts, i).name)}`,
  ),
  await measure(
    'donor search (blood group only, page 5)',
    (i) => `/api/users/donor?bloodGroup=${encodeURIComponent(pick(BLOOD_GROUPS, i))}&page=5`,
  ),
  await measure(
    'pending requests (public list)',
    (i) => `/api/donation-request?status=pending&page=${(i % 5) + 1}`,
  ),
];

// The plans of the real repository queries: a plugin records each query the repositories build,
// and each is then run again under EXPLAIN QUERY PLAN.
const recorded: CompiledQuery[] = [];
const executor = handle.db.getExecutor();
const recording = handle.db.withPlugin({
  transformQuery: ({ node, queryId }) => {
    recorded.push(executor.compileQuery(node, queryId));
    return node;
  },
  transformResult: async ({ result }) => result,
});
async function plan(label: string, run: () => Promise<unknown>) {
  recorded.length = 0;
  await run();
  for (const query of recorded) {
    const explained = CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]);
    const rows = await handle.db.executeQuery<{ detail: string }>(explained);
    console.log(`plan, ${label}: ${rows.rows.map((r) => r.detail).join(' | ')}`);
  }
}
const page = { limit: 20, offset: 0 };
await plan('donor search', () =>
  searchDonors(recording, { bloodGroup: 'A+', district: 'Dhaka' }, page),
);
await plan('donor count', () => countDonors(recording, { bloodGroup: 'A+', district: 'Dhaka' }));
await plan('pending list', () => findOpen(recording, new Date().toISOString().slice(0, 10), page));
await plan('my requests', () => findAllByRequester(recording, 'd1@example.org', 'pending', page));

const rssMb = Math.round(process.memoryUsage().rss / 1024 / 1024);
console.log(`memory: ${rssMb} MB RSS`);
await close();
await handle.close();
fs.rmSync(dir, { recursive: true, force: true });

const missed = results.filter((r) => r.rps < 150 || r.p99 > 40).map((r) => r.label);
if (rssMb > 400) missed.push(`memory ${rssMb} MB`);
if (missed.length) {
  console.error(`targets missed: ${missed.join('; ')}`);
  process.exit(1);
}
console.log('all targets met');
