import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { checkSqlitePragmas, connect, type DatabaseHandle } from './dialect.ts';

// SQLite only: the api-postgres project leaves this file out (see vitest.config.ts).
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles) await handle.close();
});

const pragma = async (handle: DatabaseHandle, name: string) => {
  const r = await sql<Record<string, unknown>>`select * from ${sql.raw(`pragma_${name}`)}`.execute(
    handle.db,
  );
  return Object.values(r.rows[0] ?? {})[0];
};

describe('SQLite start-up pragmas', () => {
  it('runs with WAL, synchronous FULL, busy_timeout 5000 and foreign keys on', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-'));
    const handle = connect({ sqliteFile: path.join(dir, 'db.sqlite') });
    handles.push(handle);
    await expect(checkSqlitePragmas(handle)).resolves.toBeUndefined();
    const names = ['journal_mode', 'synchronous', 'busy_timeout', 'foreign_keys'];
    const values = await Promise.all(names.map((name) => pragma(handle, name)));
    expect(values).toEqual(['wal', 2, 5000, 1]);
  });

  it('refuses to start when a pragma is wrong', async () => {
    const handle = connect({ sqliteFile: ':memory:' });
    handles.push(handle);
    await sql`pragma foreign_keys = OFF`.execute(handle.db);
    await expect(checkSqlitePragmas(handle)).rejects.toThrow(/foreign_keys=0/);
  });
});
