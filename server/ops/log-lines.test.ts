import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChildServer,
  httpCall,
  type ProcessDatabase,
  processDatabase,
  startChildServer,
} from '../test/child-server.ts';

/*
 * Regression (issue 25): a visitor could forge lines in the server log. better-auth printed its
 * refusals (a body that is not JSON, a field not allowed at sign-up, …) as free text with
 * console.error, the caller's own words in them, and hono's static files printed a warning the
 * same way: 725 of 417,501 lines of a probe's log were not JSON, and a CR/LF in a value started
 * a line of the caller's choosing. Every line the server process writes must be one JSON object.
 * The engine does not matter: runs in api-processes-sqlite.
 */

let database: ProcessDatabase;
let server: ChildServer;

beforeAll(async () => {
  database = await processDatabase('sqlite');
  server = await startChildServer(database.env);
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** A line a visitor would like the log to show, after a line break of their own. */
const FORGED = '{"level":30,"msg":"forged by a visitor"}';
const crlf = (text: string) => `${text}\r\n${FORGED}\r\n`;

const signUp = (overrides: Record<string, unknown>) => ({
  name: 'Rahim Uddin',
  email: `rahim-${Math.random().toString(36).slice(2)}@example.org`,
  password: 'Passw0rd!',
  bloodGroup: 'A+',
  division: 'Khulna',
  district: 'Khulna',
  consent: true,
  ...overrides,
});

describe('the server log', () => {
  it('is JSON, one object a line, whatever visitors send to the auth routes', async () => {
    const raw = (urlPath: string, body: string, type = 'application/json') =>
      fetch(`${server.url}${urlPath}`, {
        method: 'POST',
        headers: { origin: 'http://redhope.test', 'content-type': type },
        body,
      });
    // What made better-auth print (each is a refusal of its endpoints), with CR/LF in the values.
    await raw('/api/auth/sign-in/email', crlf('not json'));
    await raw('/api/auth/sign-up/email', crlf('{"email":'));
    await httpCall(server.url, 'POST', '/api/auth/sign-up/email', {
      body: signUp({ division: crlf('Dhaka') }),
    });
    await httpCall(server.url, 'POST', '/api/auth/sign-up/email', {
      body: signUp({ [crlf('role')]: 'admin' }),
    });
    await httpCall(server.url, 'POST', '/api/auth/sign-up/email', {
      body: signUp({ email: crlf('x@example.org') }),
    });
    await httpCall(server.url, 'POST', '/api/auth/sign-up/email', { body: signUp({ name: '' }) });
    for (let i = 0; i < 7; i++) {
      // Failed sign-ins, up to the account's lockout.
      await httpCall(server.url, 'POST', '/api/auth/sign-in/email', {
        body: { email: 'nobody@example.org', password: crlf('Wrong-pass1') },
      });
    }
    await httpCall(server.url, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'nobody@example.org', password: 'Passw0rd!', [crlf('extra')]: 1 },
    });
    await httpCall(server.url, 'POST', '/api/auth/sign-in/email', {
      body: { email: 'nobody@example.org', password: 'Passw0rd!' },
      headers: { origin: 'https://evil.example' },
    });
    await raw('/api/auth/sign-out', '', 'text/plain');
    // Our own routes, and the web app's files (the static handler warns when they are missing).
    await httpCall(server.url, 'POST', '/api/contacts', {
      body: { name: crlf('Rahim'), email: 'x', message: crlf('hello') },
    });
    await fetch(`${server.url}/${encodeURIComponent(crlf('page'))}`);
    await fetch(`${server.url}/api/${encodeURIComponent(crlf('nothing'))}`);
    await fetch(`${server.url}/api/end-of-this-test`);

    // The last request's line is in: everything before it has been written too.
    await expect
      .poll(() => server.output().includes('"path":"/api/end-of-this-test"'), { timeout: 10_000 })
      .toBe(true);
    const lines = server.output().split('\n').slice(0, -1);
    expect(lines.length).toBeGreaterThan(20);
    const notJson = lines.filter((line) => {
      try {
        const parsed: unknown = JSON.parse(line);
        return typeof parsed !== 'object' || parsed === null;
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    expect(server.logLines('forged by a visitor')).toEqual([]);
  });
});
