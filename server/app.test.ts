import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '../common/early-taps.ts';
import { request } from './test/http.ts';
import { createTestApp, rawSql, type TestApp } from './test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`server essentials (${process.env.TEST_ENGINE})`, () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await request(t, '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'There is no such API endpoint.' },
    });
  });

  it('answers malformed JSON with a 400 in words, storing nothing', async () => {
    const res = await request(t, '/api/contacts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": "Rahim", ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' },
    });
    const rows = await t.db.selectFrom('contact').selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const res = await request(t, '/api/contacts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(200 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('sends security headers: CSP without inline scripts but the early-taps one, nosniff, no framing, referrer policy', async () => {
    const res = await request(t, '/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    // 'self', and one inline script by its hash: the pages' early-taps script (issue 30 item 3).
    const scriptSrc = csp.match(/script-src ([^;]*)/)?.[1]?.split(' ');
    const earlyTaps = createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64');
    expect(scriptSrc).toEqual(["'self'", `'sha256-${earlyTaps}'`]);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('reports health and readiness', async () => {
    expect(await (await request(t, '/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await request(t, '/api/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: 'ok' });
  });

  it('answers a database failure with a generic 500: no SQL, no stack', async () => {
    await rawSql(t.db, 'drop table upazila');
    const res = await t.app.request('/api/upazilas'); // broken on purpose: not the contract
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'Something went wrong on our side. Please try again in a moment.',
      },
    });
    expect(text).not.toMatch(/upazila|select|sqlite|relation|at \w+ \(/i);
  });
});
