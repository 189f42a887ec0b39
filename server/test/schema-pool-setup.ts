import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { adminQuery } from './migrated-template.ts';

/**
 * api-postgres's run: names its pooled schemas (./schema-pool.ts) and, when the run ends, drops
 * whatever of them its workers left, so a developer's test database keeps nothing of a run.
 */
export default function setup(project: TestProject) {
  const prefix = `pool_${randomBytes(5).toString('hex')}`;
  project.provide('pgPoolPrefix', prefix);
  return async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return;
    await adminQuery(
      url,
      `do $$ declare s text; begin
         for s in select nspname from pg_namespace where nspname like '${prefix}\\_%' loop
           execute format('drop schema %I cascade', s);
         end loop;
       end $$`,
    );
  };
}
