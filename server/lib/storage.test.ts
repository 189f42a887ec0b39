import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';
import { s3Storage } from './storage.ts';

// A small local stand-in for an S3-compatible server: it keeps objects in memory and refuses
// requests that are not signed for its bucket's credentials (the signature itself is checked
// against AWS's published example in s3-signature.test.ts).
const objects = new Map<string, Buffer>();
const seen: Array<{ method: string; url: string; authorization: string; type?: string }> = [];
let server: http.Server;
let endpoint: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const authorization = req.headers.authorization ?? '';
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      authorization,
      type: req.headers['content-type'],
    });
    if (!authorization.startsWith('AWS4-HMAC-SHA256 Credential=TESTKEY/')) {
      res.writeHead(403).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'PUT') {
        objects.set(req.url ?? '', Buffer.concat(chunks));
        res.writeHead(200).end();
      } else if (req.method === 'DELETE') {
        objects.delete(req.url ?? '');
        res.writeHead(204).end();
      } else {
        const body = objects.get(req.url ?? '');
        if (body) res.writeHead(200).end(body);
        else res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('S3-compatible image storage', () => {
  it('puts and gets objects path-style, signed, with the image type', async () => {
    const storage = s3Storage({
      endpoint,
      bucket: 'photos',
      region: 'auto',
      accessKeyId: 'TESTKEY',
      secretAccessKey: 's',
    });
    await storage.put('a.webp', Buffer.from('webp-bytes'));
    expect(objects.get('/photos/a.webp')?.toString()).toBe('webp-bytes');
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', type: 'image/webp' });
    expect((await storage.get('a.webp'))?.toString()).toBe('webp-bytes');
    expect(await storage.get('missing.webp')).toBeNull();
  });

  it('deletes objects (a swept unclaimed photo), and deleting a missing one is no error', async () => {
    const storage = s3Storage({
      endpoint,
      bucket: 'photos',
      region: 'auto',
      accessKeyId: 'TESTKEY',
      secretAccessKey: 's',
    });
    await storage.put('gone.webp', Buffer.from('bytes'));
    await storage.delete('gone.webp');
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/photos/gone.webp' });
    expect(await storage.get('gone.webp')).toBeNull();
    await expect(storage.delete('gone.webp')).resolves.toBeUndefined();
    const refused = s3Storage({
      endpoint,
      bucket: 'photos',
      region: 'auto',
      accessKeyId: 'WRONG',
      secretAccessKey: 's',
    });
    await expect(refused.delete('x.webp')).rejects.toThrow(/refused the deletion/);
  });

  it('fails loudly when the store refuses', async () => {
    const storage = s3Storage({
      endpoint,
      bucket: 'photos',
      region: 'auto',
      accessKeyId: 'WRONG',
      secretAccessKey: 's',
    });
    await expect(storage.put('b.webp', Buffer.from('x'))).rejects.toThrow(/refused the upload/);
  });

  it('needs all S3 settings or none', () => {
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET.*needed too/,
    );
  });
});
