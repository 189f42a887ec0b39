/**
 * Issue 27's pledge case, alternated between builds on one SQLite copy (or PostgreSQL database):
 * `npm run bench -- --only pledge` starts each server once per run and measures each once, which
 * on this shared machine (load average 5–25 from other engineers' tests) cannot tell two builds
 * apart. Here every server is started once on the same database, and the case runs on each in
 * turn, `--rounds` times (RedHope A, RedHope B, raw, RedHope A, …), each on requests of its own,
 * printing each round's requests/s and the server's CPU µs a pledge (the event's job included:
 * the CPU is read 1.5 s after the load ends) with the load average.
 *
 *   tsx bench/pledge-ab.ts --a-db FILE|URL --b-db FILE|URL --a dist/base-server/index.js
 *     [--b dist/server/index.js] [--rounds 4] [--seconds 5] [--profile DIR (B under --cpu-prof)]
 *     [--raw dist/bench/raw-server.js (another build of the floor, to compare floors)]
 *
 * Each RedHope has a database of its own (each one's job worker would take the other's jobs),
 * copies of the bench's seeded one (the run changes them): a SQLite file, or a PostgreSQL URL;
 * the raw server runs on A's. Builds: `npm run bench`
 * builds dist/server and dist/bench/raw-server.js; another build for --a with
 * `tsx scripts/build-server.ts dist/<name>` from another commit. Not part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '../server/db/dialect.ts';
import { CASE_PEOPLE, donatePool, open, pledgeLoad, restPledgers, signIn } from './fixtures.ts';
import { PLEDGE_BAGS } from './report.ts';
import { cpuSeconds, type Started, start } from './servers.ts';
import { load } from './wrk.ts';

const { values: args } = parseArgs({
  options: {
    'a-db': { type: 'string' },
    'b-db': { type: 'string' },
    a: { type: 'string' },
    b: { type: 'string', default: 'dist/server/index.js' },
    rounds: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '5' },
    profile: { type: 'string' },
    raw: { type: 'string', default: 'dist/bench/raw-server.js' },
  },
});
if (!args.a || !args['a-db'] || !args['b-db']) {
  throw new Error('usage: --a-db FILE|URL --b-db FILE|URL --a SERVER.js [--b SERVER.js]');
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-pledge-ab-'));
const isPostgres = (db: string) => db.startsWith('postgres');
const dbEnv = (db: string): Record<string, string> =>
  isPostgres(db) ? { DATABASE_URL: db } : { DATA_DIR: path.dirname(db) };
const production = (port: number, db: string) => ({
  ...dbEnv(db),
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-42',
  LOG_LEVEL: 'info',
  MAX_OPEN_REQUESTS_PER_USER: '1000',
  AUTH_RATE_LIMIT: 'false',
});
const aDb = args['a-db'];
const bDb = args['b-db'];
const logFile = path.join(work, 'servers.log');
const servers: Array<[string, Started, string]> = [
  ['A', await start(args.a, 3821, production(3821, aDb), logFile), aDb],
  [
    'B',
    await start(
      args.b,
      3822,
      production(3822, bDb),
      logFile,
      args.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args.profile)}`] : [],
    ),
    bDb,
  ],
  [
    'raw',
    await start(
      args.raw,
      3823,
      isPostgres(aDb) ? { DATABASE_URL: aDb } : { SQLITE_FILE: aDb },
      logFile,
    ),
    aDb,
  ],
];
const engine = (db: string) => (isPostgres(db) ? 'postgres' : 'sqlite');
const handles = new Map([aDb, bDb].map((db) => [db, open(engine(db), db)]));
try {
  // The raw server reads RedHope's session rows: one set of sign-ins serves all three.
  // A's sign-ins serve the raw server too (it reads RedHope's session rows).
  const people = new Map<string, string[]>();
  for (const port of [3821, 3822]) {
    await restPledgers((handles.get(port === 3821 ? aDb : bDb) as DatabaseHandle).db);
    const cookies: string[] = [];
    for (const email of CASE_PEOPLE) cookies.push(await signIn(`http://127.0.0.1:${port}`, email));
    people.set(port === 3821 ? aDb : bDb, cookies);
  }
  for (let round = 1; round <= Number(args.rounds); round += 1) {
    for (const [name, server, db] of servers) {
      const ids = await donatePool((handles.get(db) as DatabaseHandle).db, 3000, PLEDGE_BAGS);
      const [loadBefore = 0] = os.loadavg();
      const cpu0 = cpuSeconds(server.process.pid);
      const figures = await load(
        server.origin,
        pledgeLoad(server.origin, ids, PLEDGE_BAGS, people.get(db) as string[]),
        Number(args.seconds),
        work,
      );
      // The event's job of the last pledges may still be running: let the worker finish them.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const cpuUs = ((cpuSeconds(server.process.pid) - cpu0) * 1e6) / figures.requests;
      console.log(
        `round ${round} ${name.padEnd(3)} ${figures.rps.toFixed(0).padStart(5)} req/s  ${cpuUs.toFixed(0).padStart(6)} CPU µs/pledge  p50 ${figures.p50.toFixed(0)} ms  failures ${figures.failures}  load ${loadBefore.toFixed(1)}/${(os.loadavg()[0] ?? 0).toFixed(1)}`,
      );
    }
  }
} finally {
  for (const [, server] of servers) await server.stop();
  for (const handle of handles.values()) await handle.close();
  fs.rmSync(work, { recursive: true, force: true });
}
