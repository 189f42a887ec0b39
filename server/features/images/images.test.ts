import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createUser } from '../../test/factories.ts';
import { request } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SMALL_SIDE, smallName } from './image-variants.ts';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  auth = await bearerFor(t.db, (await createUser(t.db)).id);
});
afterAll(() => t.close());

async function upload(
  bytes: Buffer,
  filename: string,
  headers: Record<string, string> = auth,
  ip = '10.9.9.9',
) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)]), filename);
  const res = await request(
    t,
    '/api/images',
    { method: 'POST', body: form, headers },
    { incoming: { socket: { remoteAddress: ip, remotePort: 1 } } },
  );
  return { status: res.status, body: (await res.json()) as any };
}

/** A real JPEG carrying EXIF (camera, GPS-like comment) that must not survive. */
const jpegWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c00' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Home address 12 Road 5' } })
    .toBuffer();

describe(`POST /api/images (${process.env.TEST_ENGINE})`, () => {
  it('re-encodes a JPEG to WebP, strips its metadata, and serves it with the right headers', async () => {
    const input = await jpegWithExif();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const res = await upload(input, 'me.jpg');
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.display_url).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.webp$/);

    const served = await request(t, res.body.data.display_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(64);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('accepts PNG and WebP too, and shrinks huge dimensions to 1600 px', async () => {
    const png = await sharp({
      create: { width: 3000, height: 1000, channels: 4, background: '#0a0' },
    })
      .png()
      .toBuffer();
    const res = await upload(png, 'wide.png');
    expect(res.status).toBe(201);
    const served = Buffer.from(await (await request(t, res.body.data.display_url)).arrayBuffer());
    expect((await sharp(served).metadata()).width).toBe(1600);
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#00f' } })
      .webp()
      .toBuffer();
    expect((await upload(webp, 'x.webp')).status).toBe(201);
  });

  it('judges by content: a text file renamed .jpg is refused', async () => {
    const res = await upload(Buffer.from('<script>alert(1)</script>'), 'photo.jpg');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please upload a JPEG, PNG or WebP image.');
  });

  it('refuses a GIF (not an accepted format)', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(gif, 'a.gif')).status).toBe(400);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const res = await upload(big, 'big.jpg');
    expect(res.status).toBe(413);
  });

  it('refuses a pixel bomb (tiny file, enormous dimensions) without decoding it', async () => {
    const bomb = await sharp({
      create: { width: 10000, height: 10000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(5 * 1024 * 1024);
    const res = await upload(bomb, 'bomb.png');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'The image has too many pixels. Please choose a smaller one.',
    );
  });

  it('refuses a request without the image field', async () => {
    const form = new FormData();
    form.append('photo', 'nothing');
    const res = await request(t, '/api/images', { method: 'POST', body: form, headers: auth });
    expect(res.status).toBe(400);
  });

  it('answers 404 for an unknown image and refuses path tricks', async () => {
    expect((await request(t, '/api/images/0190a0a0-0000-7000-8000-00000000dead.webp')).status).toBe(
      404,
    );
    expect((await request(t, '/api/images/..%2F..%2Fredhope.sqlite')).status).toBe(400);
  });
});

describe(`small variants for avatars (${process.env.TEST_ENGINE})`, () => {
  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
  const served = async (url: string) => {
    const res = await request(t, url);
    const bytes = Buffer.from(await res.arrayBuffer());
    return { res, bytes };
  };

  it('stores a 192 px square beside each upload and serves it with ?size=small', async () => {
    const res = await upload(await photo(1200, 800), 'portrait.jpg');
    expect(res.status).toBe(201);
    const url: string = res.body.data.display_url;
    const name = url.split('/').pop() as string;
    // Made at upload, in the same storage as the photo.
    expect(await t.deps.storage.get(smallName(name))).not.toBeNull();

    const small = await served(`${url}?size=small`);
    expect(small.res.status).toBe(200);
    expect(small.res.headers.get('content-type')).toBe('image/webp');
    expect(small.res.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(small.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([SMALL_SIDE, SMALL_SIDE]);

    // The photo itself is unchanged, and much larger than its variant.
    const full = await served(url);
    expect((await sharp(full.bytes).metadata()).width).toBe(1200);
    expect(small.bytes.byteLength).toBeLessThan(full.bytes.byteLength);
  });

  it('never enlarges a photo smaller than the variant', async () => {
    const res = await upload(await photo(64, 48), 'tiny.jpg');
    const small = await served(`${res.body.data.display_url}?size=small`);
    const meta = await sharp(small.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it('makes the variant of a photo stored before variants existed, on first request', async () => {
    const name = '0190a0a0-0000-7000-8000-0000000000a1.webp';
    await t.deps.storage.put(
      name,
      await sharp(await photo(800, 600))
        .webp()
        .toBuffer(),
    );
    expect(await t.deps.storage.get(smallName(name))).toBeNull();

    const small = await served(`/api/images/${name}?size=small`);
    expect(small.res.status).toBe(200);
    expect(small.res.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(small.bytes).metadata()).width).toBe(SMALL_SIDE);
    expect(await t.deps.storage.get(smallName(name))).not.toBeNull();
  });

  it('serves the photo itself when no variant can be made from it', async () => {
    const name = '0190a0a0-0000-7000-8000-0000000000a2.webp';
    const stored = Buffer.from('not an image the server can decode');
    await t.deps.storage.put(name, stored);
    const small = await served(`/api/images/${name}?size=small`);
    expect(small.res.status).toBe(200);
    expect(small.bytes.equals(stored)).toBe(true);
  });

  it('answers 404 for the small variant of an unknown image, and 400 for another size', async () => {
    const unknown = '/api/images/0190a0a0-0000-7000-8000-00000000beef.webp';
    expect((await request(t, `${unknown}?size=small`)).status).toBe(404);
    const res = await request(t, `${unknown}?size=huge`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("Size must be 'small'");
    // The variant is reached through ?size only, not by its own name.
    expect(
      (await request(t, `/api/images/${smallName('0190a0a0-0000-7000-8000-0000000000a1.webp')}`))
        .status,
    ).toBe(400);
  });
});
