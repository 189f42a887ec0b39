import fs from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { allEndpoints, operationIds } from '../../../common/contract/index.ts';
import { ERROR_CODE_LIST } from '../../../common/error-codes.ts';
import { ALLOWED_AUTH_ENDPOINTS } from '../../auth/auth-surface.ts';
import { call } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { OPERATION_EXAMPLES } from './operation-examples.ts';

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

// Issue 32 item 3: a document partners' tools accept.

interface Doc {
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, OperationDoc>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}
interface OperationDoc {
  operationId?: string;
  tags?: string[];
  parameters?: Array<{ name: string; in: string; schema?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema?: unknown; example?: unknown }> };
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema?: unknown }> }
  >;
}

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
  );

async function theDocument(): Promise<Doc> {
  return (await call(t, 'GET', '/api/openapi.json')).body as Doc;
}

describe(`the OpenAPI document for partners' tools (${process.env.TEST_ENGINE})`, () => {
  it('gives every operation a unique camelCase operationId and a tag the document defines', async () => {
    const doc = await theDocument();
    const defined = new Set((doc.tags ?? []).map((tag) => tag.name));
    for (const tag of doc.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
    const ids: string[] = [];
    for (const { path, method, operation } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
      ids.push(operation.operationId ?? '');
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      for (const tag of operation.tags ?? [])
        expect(defined.has(tag), `${where}: ${tag}`).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Named after the contract's exports, so they read as what the call does.
    expect(doc.paths['/donation-request']?.post?.operationId).toBe('createRequest');
  });

  it('has no two paths with the same template (decision 045: /users/{id} takes an email too)', async () => {
    const doc = await theDocument();
    const templates = Object.keys(doc.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    const repeated = templates.filter((template, i) => templates.indexOf(template) !== i);
    expect(repeated).toEqual([]);
    expect(Object.keys(doc.paths['/users/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'patch']);
  });

  it('declares who may call: signed in, optionally signed in, or anyone', async () => {
    const doc = (await theDocument()) as Doc & {
      components: { securitySchemes: Record<string, unknown> };
    };
    const schemes = Object.keys(doc.components.securitySchemes);
    for (const { path, method, operation } of operations(doc)) {
      const security = (operation as { security?: Array<Record<string, string[]>> }).security;
      for (const requirement of security ?? []) {
        for (const name of Object.keys(requirement)) {
          expect(schemes, `${method} ${path}`).toContain(name);
        }
      }
    }
    const securityOf = (path: string, method: string) =>
      (doc.paths[path]?.[method] as { security?: unknown } | undefined)?.security;
    // The public open list and the donor search answer more to a signed-in caller.
    expect(securityOf('/donation-request', 'get')).toEqual([{}, { cookie: [] }, { bearer: [] }]);
    expect(securityOf('/users/donor', 'get')).toEqual([{}, { cookie: [] }, { bearer: [] }]);
    expect(securityOf('/donation-request', 'post')).toEqual([{ cookie: [] }, { bearer: [] }]);
    expect(securityOf('/divisions', 'get')).toEqual([]);
  });

  it('declares Retry-After on every 429', async () => {
    const doc = await theDocument();
    const limited = operations(doc).filter(({ operation }) => operation.responses['429']);
    expect(limited.length).toBeGreaterThan(10);
    for (const { path, method, operation } of limited) {
      expect(operation.responses['429']?.headers, `${method} ${path}`).toHaveProperty(
        'Retry-After',
      );
    }
    // better-auth's per-address limit covers every path it serves, the session's too.
    expect(doc.paths['/auth/get-session']?.get?.responses['429']).toBeDefined();
    expect(doc.paths['/auth/sign-out']?.post?.responses['429']).toBeDefined();
  });

  it('lists the refusals the app gives every change: 403 from another site, 413 too large', async () => {
    const doc = await theDocument();
    for (const { path, method, operation } of operations(doc)) {
      if (method === 'get') continue;
      expect(operation.responses['403'], `${method} ${path}`).toBeDefined();
      expect(operation.responses['413'], `${method} ${path}`).toBeDefined();
    }
    // A change without a body of its own is refused from another site all the same.
    const res = await call(t, 'DELETE', '/api/tokens/0193a5e4-44dd-7f55-9a66-7b88c9d0e1f2', {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CROSS_SITE_REQUEST');
  });

  it('lets answers gain fields: no schema an answer reaches forbids extra properties', async () => {
    const doc = await theDocument();
    const closed: string[] = [];
    const seen = new Set<unknown>();
    const visit = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null || seen.has(node)) return;
      seen.add(node);
      const schema = node as Record<string, unknown>;
      if (schema.additionalProperties === false) closed.push(where);
      const ref = schema.$ref;
      if (typeof ref === 'string') {
        const name = ref.replace('#/components/schemas/', '');
        visit(doc.components.schemas[name], `${where} → ${name}`);
      }
      for (const value of Object.values(schema)) visit(value, where);
    };
    for (const { path, method, operation } of operations(doc)) {
      for (const [status, answer] of Object.entries(operation.responses)) {
        for (const media of Object.values(answer.content ?? {})) {
          visit(media.schema, `${method} ${path} ${status}`);
        }
      }
    }
    expect(closed).toEqual([]);
    // Request bodies stay as strict as the server (unknown fields are refused there).
    const blogBody = doc.paths['/blogs/{id}']?.patch?.requestBody?.content['application/json'];
    expect(JSON.stringify(blogBody)).toContain('"additionalProperties":false');
  });

  it('names the main answers as reusable schemas, with examples of the main calls', async () => {
    const doc = await theDocument();
    for (const name of ['DonationRequest', 'Pledge', 'User', 'Donor', 'Blog', 'Error']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    const create = doc.paths['/donation-request']?.post;
    expect(create?.requestBody?.content['application/json']?.example).toMatchObject({
      bloodGroup: 'B+',
    });
    expect(JSON.stringify(create?.responses['201'])).toContain('"example"');
    expect(JSON.stringify(doc.paths['/donation-request/{id}']?.get?.responses['200'])).toContain(
      '#/components/schemas/DonationRequest',
    );
  });

  it('describes dates, emails and closed sets as the server checks them', async () => {
    const doc = await theDocument();
    const text = JSON.stringify(doc.components.schemas.DonationRequest);
    expect(text).toContain('"format":"date"');
    expect(text).toContain('"format":"date-time"');
    expect(text).toContain('"format":"email"');
    const body = JSON.stringify(doc.paths['/donation-request']?.post?.requestBody);
    expect(body).toContain('"format":"date"');
    const query = (path: string, name: string) =>
      doc.paths[path]?.get?.parameters?.find((p) => p.in === 'query' && p.name === name)?.schema;
    expect(query('/donation-request', 'status')?.enum).toEqual(
      expect.arrayContaining(['pending', 'inprogress', 'done', 'cancel', 'canceled']),
    );
    expect(query('/donation-request', 'urgency')?.enum).toEqual(
      expect.arrayContaining(['critical', 'urgent', 'scheduled']),
    );
    expect(query('/donation-request', 'component')?.enum).toEqual(
      expect.arrayContaining(['whole_blood', 'platelets']),
    );
    expect(query('/users/donor', 'bloodGroup')?.enum).toEqual(
      expect.arrayContaining(['A+', 'O-', 'AB+']),
    );
    expect(query('/users', 'status')?.enum).toEqual(expect.arrayContaining(['active', 'block']));
  });

  it('documents `code` as one enum holding every code the server writes', async () => {
    const doc = await theDocument();
    const error = doc.components.schemas.Error as {
      properties: { error: { properties: { code: { enum?: string[] } } } };
    };
    const documented = error.properties.error.properties.code.enum ?? [];
    expect(documented.sort()).toEqual([...ERROR_CODE_LIST].sort());
    // Every code literal in the server's and the rules' source is one of them (AppError's type
    // holds the rest; the contract check parses every refusal the tests receive against it).
    const written = new Set<string>();
    for (const file of sourceFiles(path.resolve(import.meta.dirname, '../../..'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(CODE_LITERAL)) written.add(match[1] ?? match[2] ?? '');
    }
    written.delete('');
    expect(written.size).toBeGreaterThan(40);
    expect([...written].filter((code) => !documented.includes(code))).toEqual([]);
  });

  it('shows examples that are valid for their own schemas', async () => {
    // The request example's date must be today or later: read it on the day it was written.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-29T06:00:00Z') });
    try {
      let examples = 0;
      const check = (where: string, schema: unknown, example: unknown) => {
        examples += 1;
        expect(schema, `${where}: no schema`).toBeDefined();
        const result = (schema as z.ZodType).safeParse(example);
        expect.soft(result.error?.issues ?? [], where).toEqual([]);
      };
      for (const endpoint of allEndpoints) {
        const where = `${endpoint.method} ${endpoint.path}`;
        const body = (endpoint.request?.body as Media | undefined)?.content;
        const answers = Object.entries(endpoint.responses as Record<string, Media>);
        // The contract's own examples (the main calls).
        for (const media of [body, ...answers.map(([, answer]) => answer.content)]) {
          for (const { schema, example } of Object.values(media ?? {})) {
            if (example !== undefined) check(where, schema, example);
          }
        }
        // The server's (./operation-examples.ts), keyed by operationId.
        const id = operationIds.get(`${endpoint.method.toUpperCase()} ${endpoint.path}`) ?? '';
        const kept = OPERATION_EXAMPLES[id];
        if (!kept) continue;
        for (const [key, example] of Object.entries(kept)) {
          const content =
            key === 'body' ? body : (endpoint.responses as Record<string, Media>)[key]?.content;
          expect(content, `${id} ${key}: no such body or answer`).toBeDefined();
          for (const [type, media] of Object.entries(content ?? {})) {
            // A form-encoded body's values are text; its example is the JSON one's.
            if (type === 'application/x-www-form-urlencoded') continue;
            check(`${id} ${key} ${type}`, media.schema, example);
          }
        }
      }
      expect(examples).toBeGreaterThanOrEqual(100);
      // No example for an operation that is not there (a renamed export).
      const ids = new Set(operationIds.values());
      expect(Object.keys(OPERATION_EXAMPLES).filter((id) => !ids.has(id))).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives every operation an id, a tag, and an example for its body and success answers', async () => {
    const doc = await theDocument();
    const missing: string[] = [];
    for (const { path, method, operation } of operations(doc)) {
      const id = operation.operationId ?? `${method} ${path}`;
      if (!operation.operationId) missing.push(`${method} ${path}: operationId`);
      if (!operation.tags?.length) missing.push(`${id}: tag`);
      const media = [
        ...Object.entries(operation.requestBody?.content ?? {}).map(([type, m]) => ({
          at: `body ${type}`,
          ...m,
        })),
        ...Object.entries(operation.responses)
          .filter(([status]) => status.startsWith('2'))
          .flatMap(([status, answer]) =>
            Object.entries(answer.content ?? {}).map(([type, m]) => ({
              at: `${status} ${type}`,
              ...m,
            })),
          ),
      ];
      for (const { at, schema, example } of media as Array<{
        at: string;
        schema?: { format?: string };
        example?: unknown;
      }>) {
        // Bytes (an uploaded or served image) have no example a document can show.
        if (schema?.format === 'binary' || JSON.stringify(schema).includes('"format":"binary"'))
          continue;
        if (example === undefined) missing.push(`${id} ${at}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

type Media = { content?: Record<string, { schema?: unknown; example?: unknown }> };

/** `new AppError(403, 'CODE'`, `conflict('CODE'`, `deny(409, 'CODE'`, `code: 'CODE'`, `body('CODE'`… */
const CODE_LITERAL =
  /(?:AppError\(\s*\d{3},\s*|(?:conflict|badCode|body|deny)\(\s*(?:\d{3},\s*)?)'([A-Z][A-Z0-9_]+)'|\bcode: '([A-Z][A-Z0-9_]+)'/g;

/** The non-test TypeScript of server/ and common/. */
function sourceFiles(root: string): string[] {
  return ['server', 'common'].flatMap((dir) =>
    (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[])
      .filter(
        (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.includes('test/'),
      )
      .map((file) => path.join(root, dir, file)),
  );
}
