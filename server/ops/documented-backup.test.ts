import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createRequest, createUser } from '../test/factories.ts';
import { adminQuery } from '../test/migrated-template.ts';
import { testEngine } from '../test/test-app.ts';

/*
 * The PostgreSQL backup and restore commands as README.md and docs/operations.md print them, run
 * word for word against the test PostgreSQL (issue 25: the documented `docker compose exec`
 * lacked -T, whose terminal corrupts a binary dump). The commands are read from the documents,
 * so a change there is a change here. There is no Docker daemon in tests: the database
 * container's command (`docker compose exec -T postgres …`) runs directly, with its user and
 * database names swapped for the test's own; everything else is as printed.
 */

const run = promisify(execFile);
const url = process.env.TEST_DATABASE_URL ?? '';
const DOCS = ['README.md', 'docs/operations.md'];
const COMPOSE_PREFIX = 'docker compose exec -T postgres ';

/** Every command (a code span, or a line of a code block) that runs pg_dump or pg_restore. */
function documentedCommands(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const blocks = [...text.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) =>
    (m[1] ?? '').split('\n'),
  );
  const prose = text.replace(/```[\s\S]*?```/g, '');
  const spans = [...prose.replace(/\n/g, ' ').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
  return (
    [...blocks, ...spans]
      .map((command) => command.trim())
      // A command line, not the tool's bare name in a table.
      .filter((command) => !command.startsWith('#') && /\bpg_(dump|restore) -/.test(command))
  );
}

const urlOf = (database: string) => {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
};

const created: string[] = [];
async function freshDatabase(label: string) {
  const name = `docbackup_${label}_${randomBytes(4).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  created.push(name);
  return name;
}

/**
 * A command from the documents, as the shell runs it in `cwd`. The compose form runs inside the
 * database container as its user `redhope` on its database `redhope`: here the same command runs
 * on this machine, as the test's user on `database`.
 */
async function runDocumented(command: string, database: string, cwd: string) {
  let line = command;
  if (command.includes('docker compose exec')) {
    expect(command, 'a dump through `docker compose exec` needs -T').toContain(COMPOSE_PREFIX);
    const target = new URL(url);
    line = command
      .replace(COMPOSE_PREFIX, '')
      .replace(
        / -U redhope /,
        ` -h ${target.hostname} -p ${target.port || 5432} -U ${decodeURIComponent(target.username)} `,
      )
      .replace(/ --dbname=redhope /, ` --dbname=${database} `)
      .replace(/ redhope >/, ` ${database} >`);
    expect(line, 'every name of the container was swapped').not.toMatch(/redhope(?!\.dump)/);
  }
  // Databases are the test's own: a documented line that makes or drops one is not run here.
  expect(line).not.toMatch(/\b(createdb|dropdb|psql)\b/);
  await run('bash', ['-euo', 'pipefail', '-c', line], {
    cwd,
    env: { ...process.env, DATABASE_URL: urlOf(database) },
  });
}

describe.skipIf(testEngine !== 'postgres')('the documented PostgreSQL backup', () => {
  let source = '';
  let facts: { userEmail: string; requestId: string };
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-docbackup-'));

  beforeAll(async () => {
    source = await freshDatabase('source');
    const handle = connect({ databaseUrl: urlOf(source) });
    try {
      await migrateToLatest(handle);
      const user = await createUser(handle.db, { name: 'Backed Up', email: 'backed@example.org' });
      const request = await createRequest(handle.db, user, { hospitalName: 'Dump General' });
      facts = { userEmail: user.email, requestId: request.id };
    } finally {
      await handle.close();
    }
  });
  // Each drop waits for a checkpoint, which flushes what the test files running beside this one
  // wrote: at once, so the checkpoints are shared, and with time for a loaded machine (one
  // drop after another took over 60 s with three files at a time, load 9).
  afterAll(async () => {
    await Promise.all(
      created.map((name) => adminQuery(url, `drop database if exists ${name} with (force)`)),
    );
    fs.rmSync(work, { recursive: true, force: true });
  }, 180_000);

  /** What the restored database holds of the facts written before the dump. */
  async function restored(database: string) {
    const handle = connect({ databaseUrl: urlOf(database) });
    try {
      const user = await handle.db
        .selectFrom('user')
        .select(['name', 'email'])
        .where('email', '=', facts.userEmail)
        .executeTakeFirst();
      const request = await handle.db
        .selectFrom('donationRequest')
        .select(['hospitalName'])
        .where('id', '=', facts.requestId)
        .executeTakeFirst();
      return { user, request };
    } finally {
      await handle.close();
    }
  }

  for (const doc of DOCS) {
    const commands = documentedCommands(doc);
    for (const form of ['direct', 'compose'] as const) {
      const ofForm = commands.filter((c) => c.includes('docker compose') === (form === 'compose'));
      const dump = ofForm.find((c) => /\bpg_dump\b/.test(c));
      const restore = ofForm.find((c) => /\bpg_restore\b/.test(c));
      if (!dump && !restore) continue;

      it(`${doc}, ${form}: the dump restores into a fresh database with its data`, async () => {
        expect(dump, `${doc} prints a ${form} pg_dump`).toBeDefined();
        expect(restore, `${doc} prints a ${form} pg_restore beside its pg_dump`).toBeDefined();
        const cwd = fs.mkdtempSync(path.join(work, 'run-'));
        await runDocumented(dump ?? '', source, cwd);
        const target = await freshDatabase('restore');
        await runDocumented(restore ?? '', target, cwd);
        expect(await restored(target)).toEqual({
          user: { name: 'Backed Up', email: facts.userEmail },
          request: { hospitalName: 'Dump General' },
        });
        if (form === 'compose') {
          // In the container the restore goes over the live database (the app stopped): what
          // changed since the dump goes, and the dump's data is back.
          const live = connect({ databaseUrl: urlOf(target) });
          try {
            await live.db.deleteFrom('donationRequest').where('id', '=', facts.requestId).execute();
            await createUser(live.db, { email: 'after-dump@example.org' });
          } finally {
            await live.close();
          }
          await runDocumented(restore ?? '', target, cwd);
          expect(await restored(target)).toEqual({
            user: { name: 'Backed Up', email: facts.userEmail },
            request: { hospitalName: 'Dump General' },
          });
          const again = connect({ databaseUrl: urlOf(target) });
          try {
            const later = await again.db
              .selectFrom('user')
              .select('id')
              .where('email', '=', 'after-dump@example.org')
              .execute();
            expect(later).toEqual([]);
          } finally {
            await again.close();
          }
        }
      });
    }
  }

  it('finds the commands in both documents, with -T wherever they go through docker compose', () => {
    const all = DOCS.flatMap(documentedCommands);
    expect(all.filter((c) => /\bpg_dump\b/.test(c)).length).toBeGreaterThanOrEqual(3);
    for (const command of all.filter((c) => c.includes('docker compose exec'))) {
      expect(command).toContain('exec -T ');
    }
  });
});
