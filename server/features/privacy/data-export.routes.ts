import * as contract from '../../../common/contract/data-export.contract.ts';
import { msg } from '../../../common/message-key.ts';
import { currentUser, requireUser } from '../../auth/session.ts';
import type { AppDeps } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { createRouter, guarded } from '../../lib/openapi.ts';
import { rateLimit } from '../../lib/rate-limit.ts';
import { exportChunks, toByteStream } from './data-export.ts';

/** A person may download their copy this many times an hour: enough to retry, not to hammer. */
export const EXPORTS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

/**
 * Issue 31 item 4 (PDPO 2025, decision 041): GET /api/users/me/export, the caller's copy of
 * everything RedHope holds about them, as a JSON file written while it is read. Mounted before
 * the users' routes, whose /users/:id would take /users/me.
 */
export function dataExportRoutes({ db, clock, counters, logger }: AppDeps) {
  const limit = rateLimit(counters, {
    name: 'data-export',
    limit: EXPORTS_PER_HOUR,
    windowMs: HOUR_MS,
    key: (c) => currentUser(c).id,
    code: 'TOO_MANY_EXPORTS',
    message: msg('errors.limits.exports', { count: EXPORTS_PER_HOUR }),
  });
  return createRouter().openapi(guarded(contract.exportMe, requireUser, limit), async (c) => {
    const user = currentUser(c);
    const now = clock.now();
    const chunks = exportChunks(db, user.id, now);
    // The head (profile, number, settings) is read before anything is sent: an account gone
    // meanwhile is a 404, and a database that cannot be reached is the usual 503 in words.
    const head = await chunks.next();
    if (head.done) throw notFound(msg('errors.users.noSuchUser'));
    const stream = toByteStream(
      chunks,
      (error) => logger.error({ err: error, userId: user.id }, 'data export failed part-way'),
      head.value,
    );
    const day = now.toISOString().slice(0, 10);
    return c.body(stream, 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="redhope-my-data-${day}.json"`,
    }) as never;
  });
}
