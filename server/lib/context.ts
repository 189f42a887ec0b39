import type { Kysely } from 'kysely';
import type { Engine } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { Env } from './env.ts';
import type { Logger } from './logger.ts';

/** What every route module is built with. Passed explicitly; nothing is global. */
export interface AppDeps {
  db: Kysely<Database>;
  engine: Engine;
  env: Env;
  logger: Logger;
}

/** Hono's per-request variables. */
export interface AppEnv {
  Variables: {
    requestId: string;
  };
}
