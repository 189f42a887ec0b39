import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { ApiTokenScope } from '../../common/api-token.schema.ts';
import type { SessionUser } from '../../common/user-response.schema.ts';
import type { Auth } from '../auth/auth.ts';
import type { Engine } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import type { CounterStore } from './counter-store.ts';
import type { Env } from './env.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mailer.ts';
import type { SmsSender } from './sms-sender.ts';
import type { ImageStorage } from './storage.ts';

/** What every route module is built with. Passed explicitly; nothing is global. */
export interface AppDeps {
  db: Kysely<Database>;
  engine: Engine;
  env: Env;
  logger: Logger;
  auth: Auth;
  counters: CounterStore;
  storage: ImageStorage;
  /** The shared Redis (REDIS_URL), or null: the readiness check pings it. */
  redis: Redis | null;
  /** The time, as rules read it (tests move it by hand). */
  clock: Clock;
  /** Sends email; null when SMTP_URL is not set (email off: in-app only, no password reset). */
  mailer: Mailer | null;
  /** Sends SMS; null when SMS_URL is not set (SMS off: no phone codes, no SMS alerts). */
  sms: SmsSender | null;
}

/** Hono's per-request variables. */
export interface AppEnv {
  Variables: {
    requestId: string;
    /** The signed-in user, or null for visitors (set by loadSession). */
    user: SessionUser | null;
    /**
     * The caller's session (a browser sign-in or a bearer token), null for visitors. A personal
     * API token (issue 32) has its id here and its scopes in `apiToken`.
     */
    session: {
      id: string;
      parentId: string | null;
      viaBearer: boolean;
      apiToken?: { id: string; scopes: readonly ApiTokenScope[] };
    } | null;
  };
}
