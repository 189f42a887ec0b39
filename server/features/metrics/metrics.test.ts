import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../lib/env.ts';
import { createRequest, createUser } from '../../test/factories.ts';
import { call } from '../../test/http.ts';
import { createTestApp, rawSql, type TestApp } from '../../test/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const engine = process.env.TEST_ENGINE ?? 'sqlite';

/** The value of the one sample line `name{labels}` in a metrics text, or undefined. */
function sampleValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics settings', () => {
  it('read METRICS_ALLOW as addresses and networks, and stop on anything else, naming it', () => {
    expect(parseEnv({ METRICS_ALLOW: ' 10.0.0.0/8, ::1 ,192.0.2.7' }).METRICS_ALLOW).toEqual([
      '10.0.0.0/8',
      '::1',
      '192.0.2.7',
    ]);
    expect(parseEnv({}).METRICS_ALLOW).toEqual([]);
    expect(() => parseEnv({ METRICS_ALLOW: '10.0.0.0/33,prometheus.local' })).toThrow(
      /METRICS_ALLOW: must be addresses or networks .*not 10\.0\.0\.0\/33, prometheus\.local/,
    );
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16/,
    );
  });
});

describe(`GET /api/metrics (${engine})`, () => {
  describe('with neither METRICS_TOKEN nor METRICS_ALLOW', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('does not exist: 404 like any unknown path, even from localhost', async () => {
      const res = await call(t, 'GET', '/api/metrics', { ip: '127.0.0.1' });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ METRICS_TOKEN: TOKEN });
    });
    afterAll(() => t.close());
    const scrape = () =>
      call<string>(t, 'GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

    it('refuses a caller without the token, or with a session token or a wrong one', async () => {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, 'Bearer abc', TOKEN]) {
        const res = await call(t, 'GET', '/api/metrics', {
          headers: authorization ? { authorization } : {},
        });
        expect(res.status, String(authorization)).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect(res.body.error.message).toBe(
          'The metrics need the METRICS_TOKEN as a bearer token.',
        );
      }
    });

    it('counts requests by route pattern and status, never by raw path', async () => {
      const user = await createUser(t.db);
      const { id } = await createRequest(t.db, user);
      const before = (await scrape()).body;
      const healthSeries =
        'redhope_http_requests_total{method="GET",route="/api/health",status="200"}';
      const start = sampleValue(before, healthSeries) ?? 0;
      for (let i = 0; i < 3; i++) await call(t, 'GET', '/api/health');
      // Two different ids and an unknown path: patterns, not paths.
      await call(t, 'GET', `/api/donation-request/${id}`);
      await call(t, 'GET', '/api/donation-request/0190a0a0-0000-7000-8000-000000000000');
      await call(t, 'GET', '/api/no-such-thing-12345');

      const res = await scrape();
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = res.body;
      expect(sampleValue(text, healthSeries)).toBe(start + 3);
      expect(
        sampleValue(
          text,
          'redhope_http_requests_total{method="GET",route="/api/donation-request/:id",status="401"}',
        ),
      ).toBe(2);
      expect(
        sampleValue(text, 'redhope_http_requests_total{method="GET",route="/api/*",status="404"}'),
      ).toBe(1);
      expect(text).not.toContain(id);
      expect(text).not.toContain('no-such-thing');
      expect(text).toContain('# TYPE redhope_http_requests_total counter');
    });

    it('has a latency histogram whose buckets add up, and the process memory', async () => {
      const text = (await scrape()).body;
      expect(text).toContain('# TYPE redhope_http_request_duration_seconds histogram');
      const labels = 'method="GET",route="/api/health"';
      const buckets = text
        .split('\n')
        .filter((l) => l.startsWith(`redhope_http_request_duration_seconds_bucket{${labels},`))
        .map((l) => Number(l.split(' ').at(-1)));
      expect(buckets.length).toBe(12); // 11 bounds and +Inf
      for (let i = 1; i < buckets.length; i++) {
        expect(buckets[i]).toBeGreaterThanOrEqual(buckets[i - 1] ?? 0);
      }
      const count = sampleValue(text, `redhope_http_request_duration_seconds_count{${labels}}`);
      expect(buckets.at(-1)).toBe(count);
      expect(
        sampleValue(text, `redhope_http_request_duration_seconds_sum{${labels}}`),
      ).toBeGreaterThan(0);
      expect(sampleValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
      expect(sampleValue(text, 'nodejs_heap_used_bytes')).toBeGreaterThan(1_000_000);
    });

    it('reports the background-job backlog from the job table', async () => {
      // The job table comes with the outbox's own migration; where this database does not have
      // it yet, the test makes one of the same shape.
      await rawSql(
        t.db,
        `create table if not exists "job" ("id" text primary key, "kind" text not null,
          "payload" text not null, "runAt" ${engine === 'postgres' ? 'timestamptz' : 'text'} not null,
          "status" text not null default 'pending', "attempts" integer not null default 0,
          "lockedBy" text, "lockedUntil" text, "lastError" text, "dedupeKey" text unique,
          "createdAt" text not null, "updatedAt" text not null)`,
      );
      const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
      const rows: Array<[string, string, string]> = [
        ['j1', ago(90), 'pending'],
        ['j2', ago(10), 'pending'],
        ['j3', ago(-3600), 'pending'], // scheduled for later: not backlog
        ['j4', ago(5), 'running'],
      ];
      for (const [id, runAt, status] of rows) {
        await rawSql(
          t.db,
          `insert into "job" ("id", "kind", "payload", "runAt", "status", "createdAt", "updatedAt")
           values ('${id}', 'test', '{}', '${runAt}', '${status}', '${runAt}', '${runAt}')`,
        );
      }
      const text = (await scrape()).body;
      expect(sampleValue(text, 'redhope_jobs{status="pending"}')).toBe(3);
      expect(sampleValue(text, 'redhope_jobs{status="running"}')).toBe(1);
      expect(sampleValue(text, 'redhope_jobs_due')).toBe(2);
      expect(sampleValue(text, 'redhope_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(89);
      expect(sampleValue(text, 'redhope_jobs_oldest_due_seconds')).toBeLessThan(200);
    });
  });

  describe('with METRICS_ALLOW', () => {
    let t: TestApp;
    let proxied: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ METRICS_ALLOW: '10.20.0.0/16, 192.0.2.7, fd00::/8' });
      proxied = await createTestApp({ METRICS_ALLOW: '127.0.0.1', TRUST_PROXY: 'true' });
    });
    afterAll(async () => {
      await t.close();
      await proxied.close();
    });

    it('answers the listed addresses and networks, and refuses the others', async () => {
      for (const ip of ['10.20.3.4', '192.0.2.7', '::ffff:10.20.0.9', 'fd00::1']) {
        expect((await call(t, 'GET', '/api/metrics', { ip })).status, ip).toBe(200);
      }
      for (const ip of ['10.21.0.1', '192.0.2.8', '2001:db8::1']) {
        const res = await call(t, 'GET', '/api/metrics', { ip });
        expect(res.status, ip).toBe(403);
        expect(res.body.error.message).toBe('The metrics are not available from this address.');
      }
    });

    it('behind a trusted proxy, judges the client the proxy names, not the proxy itself', async () => {
      // The proxy on 127.0.0.1 relays a visitor from the internet: refused.
      const relayed = await call(proxied, 'GET', '/api/metrics', {
        ip: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(relayed.status).toBe(403);
      // A scraper on the same machine, not through the proxy: allowed.
      expect((await call(proxied, 'GET', '/api/metrics', { ip: '127.0.0.1' })).status).toBe(200);
    });
  });
});
