import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { parseEnv } from './lib/env.ts';
import { startServer } from './start.ts';

/** The real server on a free port with its own data folder (no web app). */
async function startOnFreePort(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const env = parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
  });
  return { dataDir, server: await startServer(env, path.join(dataDir, 'no-web')) };
}

/**
 * A bare HTTP connection to the server, for what fetch cannot do (wait for "100 Continue", keep
 * writing after the answer): `answer()` is everything received so far, `closed` settles when the
 * server closes it.
 */
function rawConnection(url: string) {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  let received = '';
  let failure: string | undefined;
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  // The server may close while we still write: EPIPE or ECONNRESET, kept for tests that care.
  socket.on('error', (error: NodeJS.ErrnoException) => {
    failure ??= error.code ?? error.message;
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    write: (data: string | Buffer) => socket.write(data),
    answer: () => received,
    error: () => failure,
    closed,
  };
}

/**
 * A TCP relay to `port` that hands the server's bytes to the client `delayMs` late, as a network
 * with latency does, while a reset from the server reaches the client at once: over a real
 * network a reset makes the client's kernel drop what it had received and not yet been read, so
 * an answer followed by a reset is lost all the same. On loopback, with no latency, a client
 * reads the answer before the reset and the loss never shows.
 */
async function latencyRelay(port: number, delayMs: number) {
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) sockets.add(socket);
    client.pipe(upstream);
    let later = Promise.resolve();
    const afterDelay = (step: () => void) => {
      later = later.then(() => new Promise((resolve) => setTimeout(resolve, delayMs))).then(step);
    };
    upstream.on('data', (chunk) => afterDelay(() => client.destroyed || client.write(chunk)));
    upstream.on('end', () => afterDelay(() => client.end()));
    upstream.on('error', () => client.resetAndDestroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}

// Runs in api-sqlite only (see vitest.config.ts): start-up and shutdown do not depend on the engine.
describe('start-up and graceful shutdown', () => {
  it('keeps an idle kept-alive connection open past 5 s, so a client reusing it is answered', async () => {
    // Node's default closed it after 5 s: a client reusing it then got ECONNRESET (stop 37).
    const { server } = await startOnFreePort('redhope-keepalive-');
    const connection = rawConnection(server.url);
    const ask = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n';
    const answers = () => connection.answer().match(/HTTP\/1\.1 200 /g)?.length ?? 0;
    connection.write(ask);
    await vi.waitFor(() => expect(answers()).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    connection.write(ask);
    await vi.waitFor(() => expect(answers()).toBe(2));
    expect(connection.error()).toBeUndefined();
    await server.stop();
  }, 30_000);

  it('serves, then on stop lets an in-flight request finish and refuses new connections', async () => {
    const { dataDir, server } = await startOnFreePort('redhope-start-');
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    // The secret was generated and kept for the next start.
    expect(fs.readFileSync(path.join(dataDir, '.auth-secret'), 'utf8').length).toBeGreaterThan(30);

    // A visitor upload takes a while (decode + re-encode): stop while it is in flight. In flight
    // for certain, on a machine of any speed: sent with `Expect: 100-continue`, the body goes only
    // once the server has read the request's head and said "100 Continue".
    const big = await sharp({
      create: { width: 3000, height: 3000, channels: 3, background: '#a00' },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(big)]), 'big.jpg');
    const upload = new Request(`${server.url}/api/images`, { method: 'POST', body: form });
    const body = Buffer.from(await upload.arrayBuffer());
    const connection = rawConnection(server.url);
    connection.write(
      `POST /api/images HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${upload.headers.get('content-type')}\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
    );
    await vi.waitUntil(() => connection.answer().startsWith('HTTP/1.1 100'), {
      timeout: 30_000,
      interval: 5,
    });
    const stopped = server.stop();
    connection.write(body);
    await connection.closed;
    expect(connection.answer()).toMatch(/\r\n\r\nHTTP\/1\.1 201 /);
    await stopped;
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('a body over the limit', () => {
  it('is answered 413 and the connection is closed honestly, not left holding the rest', async () => {
    const { dataDir, server } = await startOnFreePort('redhope-413-');
    const body = JSON.stringify({ message: 'x'.repeat(300 * 1024) });
    const connection = rawConnection(server.url);
    connection.write(
      `POST /api/contacts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: keep-alive\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    connection.write(body);
    await connection.closed;
    const answer = connection.answer();
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/connection: close/i);
    // One answer only: nothing of the leftover body was read as another request.
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

// Regression (issue 25): a 6 MB upload from a client that does not send `Expect: 100-continue`
// ended in EPIPE, not 413: the server answered at once and closed with the body unread, so the
// kernel reset the connection under a client still writing (and could drop the answer with it).
describe('a body over the limit from a client that sends it all at once', () => {
  const sixMegabytes = Buffer.alloc(6 * 1024 * 1024, 'x');
  const targets = [
    { path: '/api/images', type: 'multipart/form-data; boundary=b' },
    { path: '/api/contacts', type: 'application/json' },
  ];

  it("gets the 413 and its JSON error with Node's fetch, over a network with latency", async () => {
    const { dataDir, server } = await startOnFreePort('redhope-413-fetch-');
    const relay = await latencyRelay(Number(new URL(server.url).port), 100);
    for (const target of targets) {
      const res = await fetch(`${relay.url}${target.path}`, {
        method: 'POST',
        headers: { 'content-type': target.type },
        body: sixMegabytes,
      });
      expect(res.status, target.path).toBe(413);
      expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    await relay.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is read to its end before the answer, so the connection ends cleanly, not reset', async () => {
    const { dataDir, server } = await startOnFreePort('redhope-413-drain-');
    for (const target of targets) {
      const connection = rawConnection(server.url);
      connection.write(
        `POST ${target.path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${target.type}\r\nContent-Length: ${sixMegabytes.length}\r\n\r\n`,
      );
      connection.write(sixMegabytes);
      await connection.closed;
      expect(connection.error(), target.path).toBeUndefined();
      expect(connection.answer()).toMatch(/^HTTP\/1\.1 413 /);
      expect(connection.answer()).toContain('"code":"PAYLOAD_TOO_LARGE"');
    }
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
