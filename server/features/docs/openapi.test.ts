import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../common/contract/index.ts';
import { ALLOWED_AUTH_ENDPOINTS } from '../../auth/auth-surface.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Routes that serve the description itself, or pass through to better-auth, not API calls. */
const NOT_DOCUMENTED = new Set([
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/assets/init.js',
  'GET /api/docs/assets/{file}',
  'GET /api/auth/*',
  'POST /api/auth/*',
]);

/** `METHOD /api/path/{param}` for every route the app mounts (middleware excluded). */
function mountedRoutes(): string[] {
  const routes = new Set<string>();
  for (const route of t.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    const path = route.path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, '{$1}');
    routes.add(`${route.method} ${path}`);
  }
  // better-auth's endpoints are served by the /auth/* pass-through, only those allowed.
  for (const { method, path } of ALLOWED_AUTH_ENDPOINTS) routes.add(`${method} /api/auth${path}`);
  return [...routes].filter((route) => !NOT_DOCUMENTED.has(route));
}

describe(`the OpenAPI document (${process.env.TEST_ENGINE})`, () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const res = await call(t, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every mounted route, and every described path is mounted', async () => {
    const doc = (await call(t, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} /api${path}`),
    );
    expect(documented.sort()).toEqual(mountedRoutes().sort());
  });

  it('describes every endpoint definition in common/contract', async () => {
    const doc = (await call(t, 'GET', '/api/openapi.json')).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const endpoint of allEndpoints) {
      expect(
        doc.paths[endpoint.path]?.[endpoint.method],
        `${endpoint.method} ${endpoint.path}`,
      ).toBeDefined();
    }
  });

  it('is readable at /api/docs with assets from our own server (no CDN)', async () => {
    const page = await call(t, 'GET', '/api/docs');
    expect(page.status).toBe(200);
    const html = String(page.body);
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(source.startsWith('/api/docs/assets/')).toBe(true);
      expect((await call(t, 'GET', source)).status).toBe(200);
    }
  });
});
