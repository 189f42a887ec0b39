import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app.ts';
import { openDatabase } from './db/open.ts';
import { buildDeps } from './deps.ts';
import { scheduleRetentionPurge } from './features/privacy/retention.jobs.ts';
import { scheduleRequestSweep } from './features/requests/sweep.jobs.ts';
import { workerFor } from './jobs/start-worker.ts';
import type { Env } from './lib/env.ts';
import { createLogger } from './lib/logger.ts';

export interface RunningServer {
  url: string;
  /** Stops taking connections, lets in-flight requests finish, then closes the database. */
  stop: () => Promise<void>;
}

/** Connects, migrates, and serves the API and the built web app. */
export async function startServer(
  env: Env,
  webRoot = 'dist/web',
  logger = createLogger(env.LOG_LEVEL),
): Promise<RunningServer> {
  const { handle, applied } = await openDatabase(env, logger);
  logger.info({ engine: handle.engine, applied }, 'database ready');
  const { deps, close: closeDeps } = buildDeps(handle, env, logger);
  if (!deps.mailer) {
    logger.warn(
      'email is off: SMTP_URL is not set, so notifications are in-app only and password reset is unavailable',
    );
  }
  if (!deps.sms) {
    logger.warn(
      'SMS is off: SMS_URL is not set, so phone numbers cannot be verified and alerts go in-app and by email only',
    );
  }
  // Every request goes through the app and its middleware, the public reads too (decision 027).
  const app = createApp(deps, { webRoot });
  // Alert waves, reminders and the email outbox, from the job table (every instance runs one).
  const worker = workerFor(deps);
  // The hourly sweep of expired and overdue requests (issue 14) rides the same schedule.
  await scheduleRequestSweep(deps.db, deps.clock.now());
  // So does the purge of records past their retention period (issue 31).
  await scheduleRetentionPurge(deps.db, deps.clock.now());
  const listener = getRequestListener(app.fetch, { hostname: env.HOST });
  const server = http.createServer(listener);
  // An idle kept-alive connection stays open longer than a client or proxy keeps it (Node's 5 s
  // default is shorter than most): closed by the server at the moment a client reuses it, the
  // client's request fails with ECONNRESET (seen in the browser tests on a loaded machine).
  // Load balancers keep theirs about 60 s; headers must be allowed a little longer still.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(env.PORT, env.HOST);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://localhost:${port}`;
  // From process start to serving (settings, database, migrations, listen): the start-up cost.
  logger.info({ url, readyMs: Math.round(performance.now()) }, 'RedHope is listening');
  worker.start();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      logger.info('shutting down: finishing in-flight requests');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          logger.warn('shutdown timeout reached; closing remaining connections');
          if ('closeAllConnections' in server) server.closeAllConnections();
        }, env.SHUTDOWN_TIMEOUT_MS);
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      // Jobs in hand finish; jobs not yet claimed wait in the table for the next start.
      await worker.stop();
      await closeDeps();
      await handle.close();
      logger.info('database closed; bye');
    })();
    return stopping;
  };
  return { url, stop };
}
