import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { databaseCounterStore } from './counter-store.ts';

let t: TestApp;
let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A keep-alive HTTP/1.1 connection read by hand, so nothing hides what the server does. */
function rawConnection() {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = Buffer.alloc(0);
  let ended = false;
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('close', () => {
    ended = true;
    wake();
  });
  // The server may close while we are still sending the oversized body: EPIPE/ECONNRESET here.
  socket.on('error', () => {});
  const changed = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  return {
    socket,
    /** The next complete response (Content-Length framed), or null if none comes within `ms`. */
    async response(ms = 2000): Promise<RawResponse | null> {
      const deadline = Date.now() + ms;
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end >= 0) {
          const [statusLine = '', ...lines] = buffer.subarray(0, end).toString().split('\r\n');
          const headers: Record<string, string> = {};
          for (const line of lines) {
            const colon = line.indexOf(':');
            headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
          }
          const length = Number(headers['content-length'] ?? 0);
          if (buffer.length >= end + 4 + length) {
            const body = buffer.subarray(end + 4, end + 4 + length).toString();
            buffer = buffer.subarray(end + 4 + length);
            return { status: Number(statusLine.split(' ')[1]), headers, body };
          }
        }
        if (ended || Date.now() >= deadline) return null;
        await changed(deadline - Date.now());
      }
    },
    /** Whether the server closes the connection within `ms`. */
    async closedWithin(ms: number): Promise<boolean> {
      const deadline = Date.now() + ms;
      while (!ended && Date.now() < deadline) await changed(deadline - Date.now());
      return ended;
    },
    leftover: () => buffer.toString(),
  };
}

const health = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n';

/**
 * Sends a request on a keep-alive connection, reads the early answer, then checks the
 * connection was handled honestly: closed when the answer says `Connection: close`, otherwise
 * able to answer the next request (and never answering bytes of the refused body as requests).
 */
async function expectHonest(head: string, body: Buffer, status = 413, code = 'PAYLOAD_TOO_LARGE') {
  const conn = rawConnection();
  conn.socket.write(head);
  conn.socket.write(body);
  const first = await conn.response();
  expect(first?.status).toBe(status);
  expect(JSON.parse(first?.body ?? '{}').error.code).toBe(code);
  if (first?.headers.connection?.toLowerCase() === 'close') {
    expect(await conn.closedWithin(2000)).toBe(true);
  } else {
    conn.socket.write(health);
    const second = await conn.response();
    expect(second?.status).toBe(200);
    expect(second?.body).toBe('{"status":"ok"}');
  }
  // Nothing else: in particular no answers to request lines smuggled inside the refused body.
  expect(conn.leftover()).toBe('');
  conn.socket.destroy();
}

// Regression: a 429 refusing an upload before its body was read promised `Connection: keep-alive`
// while the rest of the body sat unread; the next request on that connection was taken as more
// body and never answered, and the server dropped the connection half a second later. (The 413
// cases guard the same rule for the body limit.)
describe('an answer sent before the body is read leaves the connection usable or closes it', () => {
  // Request lines inside the body: if they were ever parsed as requests, 404s would come back.
  const smuggled = Buffer.from(
    'GET /api/no-such-thing HTTP/1.1\r\nHost: localhost\r\n\r\n'.repeat(5000),
  );

  it('a JSON body over the limit, with Content-Length', async () => {
    await expectHonest(
      'POST /api/contacts HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${smuggled.length}\r\n\r\n`,
      smuggled,
    );
  });

  it('a JSON body over the limit, chunked', async () => {
    const chunked = Buffer.concat([
      Buffer.from(`${smuggled.length.toString(16)}\r\n`),
      smuggled,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    await expectHonest(
      'POST /api/contacts HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      chunked,
    );
  });

  it('an upload over the limit', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 'x');
    await expectHonest(
      'POST /api/images HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${big.length}\r\n\r\n`,
      big,
    );
  });

  it('a visitor upload refused by the rate limit before its body is read', async () => {
    const counters = databaseCounterStore(t.db);
    // A visitor's address may try 60 uploads an hour (twice the default 30 sign-ups; decision 008).
    for (let i = 0; i < 60; i++) await counters.hit('upload:ip:127.0.0.1', 60 * 60_000);
    const body = Buffer.alloc(2 * 1024 * 1024, 'x');
    await expectHonest(
      'POST /api/images HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n' +
        `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      429,
      'TOO_MANY_UPLOADS',
    );
  });

  it('a cross-site write refused before its body is read', async () => {
    const body = Buffer.alloc(90 * 1024, 'x');
    await expectHonest(
      'POST /api/contacts HTTP/1.1\r\nHost: localhost\r\nOrigin: https://evil.example\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      403,
      'CROSS_SITE_REQUEST',
    );
  });

  it('keeps an ordinary keep-alive connection open after a POST whose body was read', async () => {
    const conn = rawConnection();
    const message = JSON.stringify({
      name: 'Rahim',
      phone: '01711000000',
      email: 'rahim@example.org',
      message: 'Hello',
    });
    conn.socket.write(
      'POST /api/contacts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
    );
    const posted = await conn.response();
    expect(posted?.status).toBe(201);
    expect(posted?.headers.connection).toBe('keep-alive');
    conn.socket.write(health);
    expect((await conn.response())?.status).toBe(200);
    conn.socket.destroy();
  });
});
