import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, requestForm } from '../../test/factories.ts';
import { call, sessionCookie, signIn } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Issue 32 item 4: a client generated from the served document, as a partner makes one
// (openapi-typescript for the types, openapi-fetch for the calls): the program of
// ./partner-client/flow.ts run over HTTP against a started server with an API token only.

const FLOW = path.join(import.meta.dirname, 'partner-client', 'flow.ts');

let t: TestApp;
let server: http.Server;
let origin: string;
let workDir: string;

beforeAll(async () => {
  t = await createTestApp();
  server = http.createServer(getRequestListener(t.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The program and its generated types, beside a link to our node_modules (openapi-fetch).
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-partner-'));
  fs.symlinkSync(
    path.resolve(import.meta.dirname, '../../../node_modules'),
    path.join(workDir, 'node_modules'),
  );
});
afterAll(async () => {
  await new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });
  await t.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe(`a partner's generated client (${process.env.TEST_ENGINE})`, () => {
  it('is generated from /api/openapi.json and runs a flow with an API token only', async () => {
    // Over HTTP, as a partner fetches it.
    const document = await (await fetch(`${origin}/api/openapi.json`)).json();
    fs.writeFileSync(path.join(workDir, 'redhope-api.ts'), astToString(await openapiTS(document)));
    const entry = path.join(workDir, 'flow.ts');
    fs.copyFileSync(FLOW, entry);
    // That the program typechecks against these types is held once, in openapi-lint.test.ts
    // (the document is the same on both engines; the compiler is the slow part).

    // The owner makes a token in their browser session (tokens are never a token's to make).
    const owner = await createUser(t.db);
    const browser = { headers: { cookie: sessionCookie((await signIn(t, owner.email)).headers) } };
    const made = await call(t, 'POST', '/api/tokens', {
      ...browser,
      body: { name: 'Hospital system', scopes: ['public:read', 'requests:write'] },
    });
    expect(made.status).toBe(201);

    const { redHopeClient } = await import(/* @vite-ignore */ pathToFileURL(entry).href);
    const client = redHopeClient(origin, made.body.token);

    const created = await client.createRequest(requestForm({ bloodGroup: 'AB-' }));
    expect(created.status, JSON.stringify(created.error)).toBe(201);
    const id: string = created.data.insertedId;

    const read = await client.readRequest(id);
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({
      id,
      bloodGroup: 'AB-',
      status: 'pending',
      requesterEmail: owner.email,
    });

    const open = await client.openRequests();
    expect(open.status).toBe(200);
    expect(open.data.map((r: { id: string }) => r.id)).toContain(id);
    expect(open.total).toBeGreaterThanOrEqual(1);

    // The owner revokes it; the program's next call is refused in the one error shape.
    const revoked = await call(t, 'DELETE', `/api/tokens/${made.body.id}`, browser);
    expect(revoked.status).toBe(200);
    const refused = await client.createRequest(requestForm());
    expect(refused.status).toBe(401);
    expect(refused.error).toEqual({ error: { code: 'UNAUTHORIZED', message: expect.any(String) } });
    const stillRefused = await client.readRequest(id);
    expect(stillRefused.status).toBe(401);
  });
});
