/**
 * `npm run seed:demo -- [--donors N] [--requests N] [--reset]`: fills the database the settings
 * name (DATABASE_URL, else DATA_DIR's SQLite file) with a realistic demo: N donors (default
 * 1,000,000) across Bangladesh and N donation requests (default 200,000). The first
 * SEED_ACCOUNTS donors are `demo0@example.org`, `demo1@example.org`, … with the password
 * SEED_PASSWORD (default `redhope-demo-1`), so one can sign in (the bench does). Migrates first;
 * refuses a database that already has users unless `--reset` (which deletes every user and
 * request). Prints the time it took.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashPassword } from '../server/auth/password.ts';
import { openDatabase } from '../server/db/open.ts';
import { EnvError, parseEnv } from '../server/lib/env.ts';
import { newId } from '../server/lib/ids.ts';
import { type DonorRow, generator, type RequestRow } from './seed-demo-data.ts';
import { type BulkWriter, postgresWriter, sqliteWriter } from './seed-demo-writers.ts';

const SEED_ACCOUNTS = 50;
const BATCH = 100_000;

const { values: args } = parseArgs({
  options: {
    donors: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '200000' },
    reset: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
  },
});

async function main() {
  const donors = Number(args.donors);
  const requestCount = Number(args.requests);
  if (!Number.isInteger(donors) || donors < SEED_ACCOUNTS || !Number.isInteger(requestCount)) {
    throw new EnvError(`--donors must be a whole number of at least ${SEED_ACCOUNTS}`);
  }
  const env = parseEnv();
  const started = performance.now();
  const phase = (name: string) =>
    console.log(`  ${name} at ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { handle } = await openDatabase(env);
  await handle.close();
  const writer: BulkWriter = env.DATABASE_URL
    ? await postgresWriter(env.DATABASE_URL)
    : sqliteWriter(path.join(env.DATA_DIR, 'redhope.sqlite'));
  let indexesDropped = false;
  try {
    if (args.reset) await writer.clear();
    else if ((await writer.countUsers()) > 0) {
      throw new EnvError('The database already has users: add --reset to replace them.');
    }
    await writer.dropIndexes();
    indexesDropped = true;
    phase('migrated and cleared');
    const make = generator(Number(args.seed));
    const people: DonorRow[] = [];
    for (let from = 0; from < donors; from += BATCH) {
      const rows: DonorRow[] = [];
      for (let n = from; n < Math.min(from + BATCH, donors); n++) {
        const row = make.donor(n);
        if (n < SEED_ACCOUNTS)
          Object.assign(row, { email: `demo${n}@example.org`, status: 'active' });
        rows.push(row);
      }
      await writer.users(rows);
      people.push(...rows);
    }
    phase('donors written');
    const anyone = () => people[Math.floor(make.next() * people.length)] as DonorRow;
    for (let from = 0; from < requestCount; from += BATCH) {
      const rows: RequestRow[] = [];
      for (let n = from; n < Math.min(from + BATCH, requestCount); n++) {
        rows.push(make.request(anyone(), anyone));
      }
      await writer.requests(rows);
    }
    await writer.donations();
    phase('requests written');
    const password = await hashPassword(process.env.SEED_PASSWORD || 'redhope-demo-1');
    await writer.accounts(
      people.slice(0, SEED_ACCOUNTS).map((person) => ({
        id: newId(),
        userId: person.id,
        password,
        createdAt: person.createdAt,
      })),
    );
    indexesDropped = false;
    await writer.restoreIndexes();
    phase('indexes built');
  } catch (error) {
    // A seed that stops halfway puts back the indexes and foreign keys it took away (as far as
    // it can), so the schema stays as the migrations made it; a later --reset would not see them.
    if (indexesDropped) await writer.restoreIndexes().catch(() => undefined);
    throw error;
  } finally {
    await writer.close();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `seeded ${donors} donors and ${requestCount} requests into ${handle.engine} in ${seconds} s`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
