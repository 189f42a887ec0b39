import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { staticWeb } from './static-web.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`compressed answers (${process.env.TEST_ENGINE})`, () => {
  it('gzips a large API answer for a client that takes it, and leaves a small one alone', async () => {
    const big = await t.app.request('/api/upazilas', { headers: { 'accept-encoding': 'gzip' } });
    expect(big.headers.get('content-encoding')).toBe('gzip');
    const places = JSON.parse(zlib.gunzipSync(Buffer.from(await big.arrayBuffer())).toString());
    expect(places).toHaveLength(495);
    const small = await t.app.request('/api/health', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    const plain = await t.app.request('/api/upazilas');
    expect(plain.headers.get('content-encoding')).toBeNull();
  });

  it('tells caches that every API answer depends on Accept-Encoding, compressed or not', async () => {
    for (const headers of [{ 'accept-encoding': 'gzip' }, {}] as Array<Record<string, string>>) {
      for (const path of ['/api/upazilas', '/api/health']) {
        const res = await t.app.request(path, { headers });
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
      }
    }
  });

  it('serves the precompressed brotli or gzip copy of a built asset', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'redhope-web-'));
    fs.mkdirSync(path.join(root, 'assets'));
    const js = 'console.log("RedHope");\n'.repeat(200);
    fs.writeFileSync(path.join(root, 'assets', 'app.js'), js);
    fs.writeFileSync(path.join(root, 'assets', 'app.js.br'), zlib.brotliCompressSync(js));
    fs.writeFileSync(path.join(root, 'assets', 'app.js.gz'), zlib.gzipSync(js));
    const web = staticWeb(root);
    const br = await web.request('/assets/app.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(js);
    const gz = await web.request('/assets/app.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const none = await web.request('/assets/app.js');
    expect(await none.text()).toBe(js);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
