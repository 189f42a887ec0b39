/**
 * `npm run simulate -- [--donors N] [--requests N] [--days N] [--seed N] [--accept 0.2]
 * [--delay 8] [--no-show 0.1] [--withdraw 0.05] [--json]` (issue 29 item 5): a synthetic country
 * of N donors (default 1,000,000; 100000 for a quick run) and a month of requests, through the
 * real app on a temporary SQLite database with a manual clock; prints the measures GET
 * /api/outcomes would publish for them. The app's settings come from the environment as for the
 * server (e.g. `CRITICAL_ALERT_WAVE_SIZE=8 ALERTS_PER_DONOR_PER_WEEK=4 npm run simulate`).
 * The people's behaviour is server/sim/assumptions.ts; docs/outcomes.md records runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../server/app.ts';
import { openDatabase } from '../server/db/open.ts';
import { buildDeps } from '../server/deps.ts';
import { EnvError, parseEnv } from '../server/lib/env.ts';
import { createLogger } from '../server/lib/logger.ts';
import { DEFAULT_ASSUMPTIONS } from '../server/sim/assumptions.ts';
import { donorMaker } from '../server/sim/population.ts';
import { formatReport } from '../server/sim/report.ts';
import { nextDhakaMidnight, simulate } from '../server/sim/simulate.ts';
import { manualClock } from '../server/test/manual-clock.ts';
import { sqliteWriter } from './seed-demo-writers.ts';

const { values: args } = parseArgs({
  options: {
    donors: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '6000' },
    days: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    accept: { type: 'string', default: String(DEFAULT_ASSUMPTIONS.acceptRate) },
    delay: { type: 'string', default: String(DEFAULT_ASSUMPTIONS.delayMedianMinutes) },
    'no-show': { type: 'string', default: String(DEFAULT_ASSUMPTIONS.noShowRate) },
    withdraw: { type: 'string', default: String(DEFAULT_ASSUMPTIONS.withdrawRate) },
    json: { type: 'boolean', default: false },
  },
});

function number(name: string, value: string | undefined, min: number, max: number) {
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) {
    throw new EnvError(`--${name} must be a number from ${min} to ${max}`);
  }
  return n;
}

async function main() {
  const donors = Math.round(number('donors', args.donors, 100, 5_000_000));
  const requests = Math.round(number('requests', args.requests, 1, 1_000_000));
  const days = Math.round(number('days', args.days, 1, 366));
  const seed = Math.round(number('seed', args.seed, 0, 2 ** 31));
  const assumptions = {
    ...DEFAULT_ASSUMPTIONS,
    acceptRate: number('accept', args.accept, 0, 1),
    delayMedianMinutes: number('delay', args.delay, 0, 1440),
    noShowRate: number('no-show', args['no-show'], 0, 1),
    withdrawRate: number('withdraw', args.withdraw, 0, 1),
  };
  // In memory where the machine has it (/dev/shm): a commit costs no disk flush there.
  const base = fs.existsSync('/dev/shm') ? '/dev/shm' : undefined;
  const dataDir = fs.mkdtempSync(path.join(base ?? process.env.TMPDIR ?? '/tmp', 'redhope-sim-'));
  const started = performance.now();
  const phase = (name: string) =>
    console.error(`  ${name} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    const env = parseEnv({
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_SECRET: process.env.AUTH_SECRET || 'simulation-secret-that-is-long-enough-0123',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      SMS_URL: '',
      DATA_DIR: dataDir,
      MAX_OPEN_REQUESTS_PER_USER: '1000',
      LOG_LEVEL: 'silent',
    });
    const start = nextDhakaMidnight(new Date());
    const first = await openDatabase(env);
    await first.handle.close();
    // Donors in bulk, as the demo seed writes them (indexes built once at the end).
    const writer = sqliteWriter(path.join(dataDir, 'redhope.sqlite'));
    const make = donorMaker(seed, start);
    const donorIds: string[] = [];
    await writer.dropIndexes();
    for (let from = 0; from < donors; from += 100_000) {
      const rows = [];
      for (let n = from; n < Math.min(from + 100_000, donors); n++) rows.push(make(n));
      await writer.users(rows);
      for (const row of rows) if (row.status === 'active') donorIds.push(row.id);
    }
    await writer.restoreIndexes();
    await writer.close();
    phase(`${donors} donors written`);
    const { handle } = await openDatabase(env);
    const clock = manualClock(start);
    const built = buildDeps(handle, env, createLogger('silent'), { clock });
    const app = createApp(built.deps);
    const result = await simulate(
      { app, deps: { ...built.deps, clock }, donorIds },
      { requests, days, seed, start, assumptions, progress: (text) => phase(text) },
    );
    phase('simulated');
    await built.close();
    await handle.close();
    console.log(
      args.json
        ? JSON.stringify({ donors, requests, days, seed, assumptions, ...result }, null, 2)
        : formatReport(result),
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
