import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
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

// Runs in api-sqlite only (see vitest.config.ts): start-up and shutdown do not depend on the engine.
describe('start-up and graceful shutdown', () => {
  it('serves, then on stop lets an in-flight request finish and refuses new connections', async () => {
    const { dataDir, server } = await startOnFreePort('redhope-start-');
    expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);
    // The secret was generated and kept for the next start.
    expect(fs.readFileSync(path.join(dataDir, '.auth-secret'), 'utf8').length).toBeGreaterThan(30);

    // A visitor upload takes a while (decode + re-encode): stop while it is in flight.
    const big = await sharp({
      create: { width: 3000, height: 3000, channels: 3, background: '#a00' },
    })
      .jpeg({ quality: 100 })
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(big)]), 'big.jpg');
    const inFlight = fetch(`${server.url}/api/images`, { method: 'POST', body: form });
    await new Promise((r) => setTimeout(r, 50));
    const stopped = server.stop();
    const res = await inFlight;
    expect(res.status).toBe(201);
    await stopped;
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('a body over the limit', () => {
  it('is answered 413 and the connection is closed honestly, not left holding the rest', async () => {
    const net = await import('node:net');
    const { dataDir, server } = await startOnFreePort('redhope-413-');
    const { port } = new URL(server.url);
    const body = JSON.stringify({ message: 'x'.repeat(300 * 1024) });
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('error', () => undefined); // the server may close while we still write
    socket.write(
      `POST /api/contacts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: keep-alive\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    socket.write(body);
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toMatch(/connection: close/i);
    // One answer only: nothing of the leftover body was read as another request.
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
