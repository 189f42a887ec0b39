import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './db/open.ts';
import { parseEnv } from './lib/env.ts';
import { bearerFor, createUser } from './test/factories.ts';

// Runs in api-processes-sqlite only (see vitest.config.ts): the tool is the same on both engines.
// The command as production runs it, compiled once for the project (build-for-processes.ts): a
// third of tsx's start-up, for each of the calls below.
const run = promisify(execFile);

async function admin(dataDir: string, ...args: string[]) {
  try {
    const { stdout } = await run(
      process.execPath,
      [path.join(inject('serverBuild'), 'admin.js'), ...args],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      },
    );
    return { code: 0, out: stdout.trim() };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, out: e.stderr.trim() };
  }
}

describe('npm run admin', () => {
  it('promotes and demotes by email, and never demotes the last admin', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-admin-'));
    const { handle } = await openDatabase(parseEnv({ DATA_DIR: dataDir }));
    const first = await createUser(handle.db, { email: 'first@example.org' });
    const second = await createUser(handle.db, { email: 'second@example.org' });

    expect(await admin(dataDir, 'promote', 'nobody@example.org')).toEqual({
      code: 1,
      out: 'No account with the email nobody@example.org. The person must register first.',
    });
    expect((await admin(dataDir, 'promote', 'FIRST@example.org')).out).toBe(
      'FIRST@example.org is now an admin.',
    );
    const row = await handle.db
      .selectFrom('user')
      .select('role')
      .where('id', '=', first.id)
      .executeTakeFirst();
    expect(row?.role).toBe('admin');
    expect(await admin(dataDir, 'demote', 'first@example.org')).toEqual({
      code: 1,
      out: 'first@example.org is the last admin; promote someone else first.',
    });
    expect((await admin(dataDir, 'promote', 'second@example.org')).code).toBe(0);
    expect((await admin(dataDir, 'demote', 'first@example.org')).out).toBe(
      'first@example.org is now a donor.',
    );
    expect((await admin(dataDir, 'wrong')).code).toBe(2);

    // Issue 25: each change is in the audit log, with the command line as its actor; the
    // refused ones (no such account, the last admin) left none.
    const entries = await handle.db
      .selectFrom('auditLog')
      .selectAll()
      .orderBy('createdAt')
      .orderBy('id')
      .execute();
    expect(
      entries.map((e) => [e.action, e.targetId, e.targetLabel, e.detail, e.actorId, e.actorRole]),
    ).toEqual([
      ['user.role', first.id, `${first.name} <first@example.org>`, 'admin', 'cli', 'cli'],
      ['user.role', second.id, `${second.name} <second@example.org>`, 'admin', 'cli', 'cli'],
      ['user.role', first.id, `${first.name} <first@example.org>`, 'donor', 'cli', 'cli'],
    ]);
    for (const entry of entries) {
      expect(entry.actorEmail).toBe('cli');
      expect(entry.actorName).toMatch(/^npm run admin \(.+@.+\)$/);
    }
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('resets a second factor (issue 25): the authenticator gone, sessions ended, the reset audited', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-admin-'));
    const { handle } = await openDatabase(parseEnv({ DATA_DIR: dataDir }));
    const admin2fa = await createUser(handle.db, { role: 'admin', email: 'lost@example.org' });
    await bearerFor(handle.db, admin2fa.id);

    expect(await admin(dataDir, 'reset-2fa', 'LOST@example.org')).toEqual({
      code: 0,
      out: 'LOST@example.org signs in with the password alone now; every session of theirs ended. They must set up a new authenticator before admin work.',
    });
    const row = await handle.db
      .selectFrom('user')
      .select('twoFactorEnabled')
      .where('id', '=', admin2fa.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.twoFactorEnabled)).toBe(false);
    const left = async (table: 'twoFactor' | 'session') =>
      (await handle.db.selectFrom(table).select('id').where('userId', '=', admin2fa.id).execute())
        .length;
    expect(await left('twoFactor')).toBe(0);
    expect(await left('session')).toBe(0);
    const log = await handle.db.selectFrom('auditLog').selectAll().execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      action: 'user.twoFactorReset',
      actorEmail: 'cli',
      targetId: admin2fa.id,
      targetLabel: 'lost@example.org',
    });
    // Again: nothing to reset, nothing audited.
    expect((await admin(dataDir, 'reset-2fa', 'lost@example.org')).out).toBe(
      'lost@example.org has no second factor; nothing to reset.',
    );
    expect(await handle.db.selectFrom('auditLog').select('id').execute()).toHaveLength(1);
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
