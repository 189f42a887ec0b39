import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

/** Where uploaded images live. Local disk by default (DATA_DIR/uploads). */
export interface ImageStorage {
  put(name: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such image. */
  get(name: string): Promise<Buffer | null>;
  /** Removes the image; removing one that is not there is not an error. */
  delete(name: string): Promise<void>;
}

/** Makes a rename in `dir` durable. Best effort: some systems (Windows) cannot open a folder. */
async function syncFolder(dir: string) {
  try {
    const folder = await fs.open(dir, 'r');
    await folder.sync().finally(() => folder.close());
  } catch {
    // the file itself is on disk; only its new name might need the next sync
  }
}

export function diskStorage(dir: string): ImageStorage {
  return {
    async put(name, data) {
      await fs.mkdir(dir, { recursive: true });
      // Write then rename, so a reader never sees half a file; flushed to the disk before the
      // upload is acknowledged, as the database's rows are (synchronous=FULL), so a power cut
      // cannot leave a row naming an empty image.
      const temp = path.join(dir, `.${name}.tmp`);
      const file = await fs.open(temp, 'w');
      try {
        await file.writeFile(data);
        await file.sync();
      } finally {
        await file.close();
      }
      await fs.rename(temp, path.join(dir, name));
      await syncFolder(dir);
    },
    async get(name) {
      try {
        return await fs.readFile(path.join(dir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(name) {
      await fs.rm(path.join(dir, name), { force: true });
    },
  };
}

export interface S3Settings {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO, R2, …) */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * S3-compatible object storage (path-style addressing), for several stateless instances.
 * Requests are signed (AWS Signature Version 4) by aws4fetch, a maintained signer, not our own.
 */
export function s3Storage(settings: S3Settings): ImageStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    // Named, because aws4fetch guesses the service from an amazonaws.com host, and a MinIO or R2
    // endpoint is not one.
    service: 's3',
  });
  const urlFor = (name: string) =>
    `${settings.endpoint.replace(/\/$/, '')}/${encodeURIComponent(settings.bucket)}/${encodeURIComponent(name)}`;
  return {
    async put(name, data) {
      const res = await client.fetch(urlFor(name), {
        method: 'PUT',
        headers: {
          'content-type': 'image/webp',
          // The payload's hash is signed (aws4fetch would send UNSIGNED-PAYLOAD), so the store
          // refuses bytes that changed on the way instead of keeping a broken photo.
          'x-amz-content-sha256': createHash('sha256').update(data).digest('hex'),
        },
        body: new Uint8Array(data),
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`object storage refused the upload (HTTP ${res.status})`);
    },
    async get(name) {
      const res = await client.fetch(urlFor(name));
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`object storage refused the download (HTTP ${res.status})`);
      }
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(name) {
      const res = await client.fetch(urlFor(name), { method: 'DELETE' });
      await res.body?.cancel();
      // S3 answers 204 whether or not the object was there; some compatible stores answer 404.
      if (!res.ok && res.status !== 404) {
        throw new Error(`object storage refused the deletion (HTTP ${res.status})`);
      }
    },
  };
}
