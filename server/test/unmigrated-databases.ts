import { randomBytes } from 'node:crypto';
import { connect, type DatabaseHandle } from '../db/dialect.ts';
import { adminQuery } from './migrated-template.ts';
import { testEngine } from './test-app.ts';

/**
 * Empty databases for migration tests, which migrate step by step themselves: an in-memory
 * SQLite file, or a schema of its own on TEST_DATABASE_URL. `closeAll` (in afterAll) closes each
 * and drops the schemas, newest first.
 */
export function unmigratedDatabases() {
  const cleanups: Array<() => Promise<unknown>> = [];
  return {
    async fresh(): Promise<DatabaseHandle> {
      if (testEngine !== 'postgres') {
        const handle = connect({ sqliteFile: ':memory:' });
        cleanups.push(handle.close);
        return handle;
      }
      const url = process.env.TEST_DATABASE_URL ?? '';
      const schema = `t_${randomBytes(6).toString('hex')}`;
      await adminQuery(url, `create schema ${schema}`);
      cleanups.push(() => adminQuery(url, `drop schema if exists ${schema} cascade`));
      const handle = connect({ databaseUrl: url, pgSchema: schema });
      cleanups.push(handle.close);
      return handle;
    },
    async closeAll() {
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}
