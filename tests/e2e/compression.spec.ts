import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './site.ts';

/**
 * The built server's answers, headers only plus a check that the compressed bytes are the file:
 * pages and scripts precompressed at build (brotli or gzip as the browser takes), API JSON
 * compressed above 1 KB. Read with node:http, which (unlike fetch) leaves the body as sent.
 */
interface RawAnswer {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(pathname: string, encoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl()}${pathname}`,
      { headers: encoding ? { 'accept-encoding': encoding } : {} },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const entryScript = () => {
  const html = fs.readFileSync('dist/web/index.html', 'utf8');
  const src = html.match(/<script type="module"[^>]*src="(\/assets\/[^"]+\.js)"/)?.[1];
  if (!src) throw new Error('dist/web/index.html names no module script');
  return src;
};

describe('compressed answers of the built server', () => {
  it('sends the entry script as brotli or gzip, whichever the browser takes, cached for a year', async () => {
    const src = entryScript();
    const onDisk = fs.readFileSync(path.join('dist/web', src));

    const br = await get(src, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.body).equals(onDisk)).toBe(true);

    const gz = await get(src, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(onDisk)).toBe(true);

    const plain = await get(src, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(onDisk)).toBe(true);
  });

  it('sends the stylesheet and the pages compressed, and the pages never cached', async () => {
    const html = fs.readFileSync('dist/web/index.html', 'utf8');
    const css = html.match(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/)?.[1];
    expect(css).toBeDefined();
    expect((await get(css ?? '', 'gzip, br')).headers['content-encoding']).toBe('br');
    for (const page of ['/', '/search-donor', '/blood-donation-request', '/blogs']) {
      const res = await get(page, 'gzip, br');
      expect(res.headers['content-encoding'], page).toBe('br');
      expect(res.headers['cache-control'], page).toBe('no-cache');
      expect(res.headers['content-type'], page).toMatch(/^text\/html/);
    }
  });

  it('compresses a large API answer, and leaves a small one as it is', async () => {
    const big = await get('/api/upazilas', 'gzip');
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(big.body).toString())).toHaveLength(495);
    const small = await get('/api/health', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
