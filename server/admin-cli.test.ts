import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/open.ts';
import { parseEnv } from './lib/env.ts';
import { createUser } from './test/factories.ts';

// Runs in api-sqlite only (see vitest.config.ts): the tool is the same on both engines.
const run = promisify(execFile);

async function admin(dataDir: string, ...args: string[]) {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/admin-cli.ts', ...args],
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
    await createUser(handle.db, { email: 'second@example.org' });

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
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
