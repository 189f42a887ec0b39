import { sql } from 'kysely';
import { health, ready } from '../../../common/contract/system.contract.ts';
import type { AppDeps } from '../../lib/context.ts';
import { createRouter } from '../../lib/openapi.ts';

export function healthRoutes({ db, logger }: AppDeps) {
  return createRouter()
    .openapi(health, (c) => c.json({ status: 'ok' as const }, 200))
    .openapi(ready, async (c) => {
      try {
        await sql`select 1`.execute(db);
        return c.json({ status: 'ready' as const, database: 'ok' as const }, 200);
      } catch (err) {
        logger.warn({ err }, 'readiness check failed');
        return c.json({ status: 'not ready' as const, database: 'unreachable' as const }, 503);
      }
    });
}
