import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The Redis case runs when TEST_REDIS_URL is set (CI sets it); vitest.config.ts says so when not.
const redisUrl = process.env.TEST_REDIS_URL;
const engine = process.env.TEST_ENGINE ?? 'sqlite';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.close();
});
async function app(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

describe(`GET /api/ready (${engine})`, () => {
  it('is ready when the database answers, and names no Redis when none is configured', async () => {
    const res = await call(await app(), 'GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', database: 'ok' });
  });

  it.runIf(redisUrl)('reports Redis too when one is configured', async () => {
    const res = await call(await app({ REDIS_URL: redisUrl ?? '' }), 'GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', database: 'ok', redis: 'ok' });
  });

  it('stays ready while the configured Redis does not answer, and says so (issue 25)', async () => {
    // Nothing listens on port 1. The rate limits count in the database meanwhile, so the
    // instance serves on: a load balancer must not take every instance out for a Redis outage.
    const t = await app({ REDIS_URL: 'redis://127.0.0.1:1' });
    const started = Date.now();
    const res = await call(t, 'GET', '/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', database: 'ok', redis: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(4500); // 2 s per check, never a hang
  });

  it('is not ready (503) when the database does not answer', async () => {
    const t = await app();
    await t.handle.close();
    const res = await call(t, 'GET', '/api/ready');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'not ready', database: 'unreachable' });
    // The process itself is up: health stays 200 (a load balancer restarts on health, routes on ready).
    expect((await call(t, 'GET', '/api/health')).status).toBe(200);
  });
});
