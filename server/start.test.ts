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
  socket.on('data', (chunk) => {
    received += chunk.toString('latin1');
  });
  socket.on('error', () => undefined); // the server may close while we still write
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { write: (data: string | Buffer) => socket.write(data), answer: () => received, closed };
}

// Runs in api-sqlite only (see vitest.config.ts): start-up and shutdown do not depend on the engine.
describe('start-up and graceful shutdown', () => {
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
