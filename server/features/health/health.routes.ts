import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps, AppEnv } from '../../lib/context.ts';

export function healthRoutes({ db, logger }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/health', (c) => c.json({ status: 'ok' }))
    .get('/ready', async (c) => {
      try {
        await sql`select 1`.execute(db);
        return c.json({ status: 'ready', database: 'ok' });
      } catch (err) {
        logger.warn({ err }, 'readiness check failed');
        return c.json({ status: 'not ready', database: 'unreachable' }, 503);
      }
    });
}
