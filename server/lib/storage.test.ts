import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';
import { type S3Settings, s3Storage } from './storage.ts';

// A real S3-compatible server (s3rver), on a free port with its objects in a temporary folder.
// It knows one account, S3RVER/S3RVER, and refuses requests whose Authorization header names
// another key. It does not recompute Signature Version 4 (its own limit), so the signature's
// correctness rests on aws4fetch, whose tests check it against AWS's published examples.
let s3: S3rver;
let server: http.Server;
let dir: string;
let settings: S3Settings;
/** The signing headers of each request the server received (it would also take unsigned ones). */
const seen: Array<{
  method?: string;
  authorization?: string;
  payloadHash?: string;
  type?: string;
}> = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'redhope-s3-'));
  s3 = new S3rver({
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'photos', configs: [] }],
  });
  await s3.configureBuckets();
  const handle = s3.callback();
  server = http.createServer((req, res) => {
    seen.push({
      method: req.method,
      authorization: req.headers.authorization,
      payloadHash: req.headers['x-amz-content-sha256'] as string | undefined,
      type: req.headers['content-type'],
    });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  settings = {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bucket: 'photos',
    region: 'auto',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await fs.rm(dir, { recursive: true, force: true });
});

/** The bytes the server itself keeps under `name` in its folder (its own file naming), or null. */
async function stored(name: string) {
  try {
    return (await fs.readFile(path.join(dir, 'photos', `${name}._S3rver_object`))).toString();
  } catch {
    return null;
  }
}

describe('S3-compatible image storage', () => {
  it('puts and gets objects path-style, signed, with the image type', async () => {
    const storage = s3Storage(settings);
    await storage.put('a.webp', Buffer.from('webp-bytes'));
    expect(await stored('a.webp')).toBe('webp-bytes');
    const put = seen.at(-1);
    expect(put).toMatchObject({ method: 'PUT', type: 'image/webp' });
    expect(put?.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=S3RVER\/\d{8}\/auto\/s3\/aws4_request, SignedHeaders=[^,]*x-amz-content-sha256/,
    );
    expect(put?.payloadHash).toBe(createHash('sha256').update('webp-bytes').digest('hex'));
    expect((await storage.get('a.webp'))?.toString()).toBe('webp-bytes');
    expect(await storage.get('missing.webp')).toBeNull();
  });

  it('deletes objects (a swept unclaimed photo), and deleting a missing one is no error', async () => {
    const storage = s3Storage(settings);
    await storage.put('gone.webp', Buffer.from('bytes'));
    await storage.delete('gone.webp');
    expect(await stored('gone.webp')).toBeNull();
    expect(await storage.get('gone.webp')).toBeNull();
    await expect(storage.delete('gone.webp')).resolves.toBeUndefined();
    const refused = s3Storage({ ...settings, accessKeyId: 'WRONG' });
    await expect(refused.delete('x.webp')).rejects.toThrow(/refused the deletion/);
  });

  it('fails loudly when the store refuses', async () => {
    const storage = s3Storage({ ...settings, accessKeyId: 'WRONG' });
    await expect(storage.put('b.webp', Buffer.from('x'))).rejects.toThrow(/refused the upload/);
    await expect(storage.get('a.webp')).rejects.toThrow(/refused the download/);
    const noBucket = s3Storage({ ...settings, bucket: 'absent' });
    await expect(noBucket.put('c.webp', Buffer.from('x'))).rejects.toThrow(/refused the upload/);
  });

  it('needs all S3 settings or none', () => {
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET.*needed too/,
    );
  });
});
