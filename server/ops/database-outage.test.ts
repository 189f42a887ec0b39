import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChildServer,
  httpCall,
  type ProcessDatabase,
  processDatabase,
  startChildServer,
} from '../test/child-server.ts';
import { adminQuery } from '../test/migrated-template.ts';

/*
 * Regression (issue 25): on PostgreSQL, a lost database connection ended the server process.
 * The pool's `error` events had no listener, so a restart, a failover, an idle timeout or a
 * killed backend stopped every instance at once (seen with pg_terminate_backend on an idle pool
 * connection, and with a fast restart under load). Here the server's own backends are killed
 * while requests are in flight: it must stay up, answer 503 at worst meanwhile, and be ready again.
 * Runs in api-processes-postgres. Only the backends of this server are touched (by the
 * application name it connects with): other people use the same PostgreSQL.
 */

let database: ProcessDatabase;
let server: ChildServer;
const applicationName = `redhope-outage-${randomBytes(4).toString('hex')}`;
const adminUrl = process.env.TEST_DATABASE_URL ?? '';

beforeAll(async () => {
  database = await processDatabase('postgres');
  const url = new URL(database.env.DATABASE_URL ?? '');
  url.searchParams.set('application_name', applicationName);
  server = await startChildServer({ ...database.env, DATABASE_URL: url.toString() });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** Terminates every backend of the server under test; how many there were. */
async function terminateServerBackends(): Promise<number> {
  const terminated = await adminQuery(
    adminUrl,
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()
        and application_name = '${applicationName}'`,
  );
  return terminated.length;
}

describe('the server when PostgreSQL drops its connections', () => {
  it('stays up, answers 503 at worst meanwhile, and is ready again by itself', async () => {
    expect((await httpCall(server.url, 'GET', '/api/ready')).status).toBe(200);

    // Requests in flight (public reads, a sign-in, readiness) while the backends are killed.
    const statuses: number[] = [];
    const codes = new Set<string>();
    let running = true;
    const client = async (urlPath: string, method = 'GET', body?: unknown) => {
      while (running) {
        const res = await httpCall(server.url, method, urlPath, body ? { body } : {});
        statuses.push(res.status);
        if (res.status >= 500) codes.add(String(res.body?.error?.code ?? res.body?.status));
      }
    };
    const clients = [
      client('/api/blogs/publish'),
      client('/api/blogs/publish'),
      client('/api/donation-request/recent'),
      client('/api/ready'),
      client('/api/auth/sign-in/email', 'POST', {
        email: 'nobody@example.org',
        password: 'Passw0rd!',
      }),
    ];
    let killed = 0;
    for (let round = 0; round < 5; round++) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      killed += await terminateServerBackends();
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    running = false;
    await Promise.all(clients);

    expect(killed).toBeGreaterThan(0);
    expect(server.process.exitCode).toBeNull();
    expect(server.process.signalCode).toBeNull();
    // Only what the outage explains: a 503 that says so (or readiness saying "not ready").
    expect([...new Set(statuses)].filter((s) => s >= 500 && s !== 503)).toEqual([]);
    for (const code of codes) expect(['DATABASE_UNAVAILABLE', 'not ready']).toContain(code);

    // Recovered by itself: ready, and reads answer again.
    expect((await httpCall(server.url, 'GET', '/api/ready')).status).toBe(200);
    expect((await httpCall(server.url, 'GET', '/api/blogs/publish')).status).toBe(200);
    // The loss is in the log once per outage (a connection lost after the last reconnect), not
    // once per broken connection or per request.
    const lost = server.logLines(
      'PostgreSQL connection lost; new connections will be tried as needed',
    );
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.length).toBeLessThanOrEqual(killed);
    expect(lost.length).toBeLessThan(statuses.length / 4);
  });
});
