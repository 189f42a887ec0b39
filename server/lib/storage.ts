import fs from 'node:fs/promises';
import path from 'node:path';
import { type S3Credentials, signS3Request } from './s3-signature.ts';

/** Where uploaded images live. Local disk by default (DATA_DIR/uploads). */
export interface ImageStorage {
  put(name: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such image. */
  get(name: string): Promise<Buffer | null>;
  /** Removes the image; removing one that is not there is not an error. */
  delete(name: string): Promise<void>;
}

export function diskStorage(dir: string): ImageStorage {
  return {
    async put(name, data) {
      await fs.mkdir(dir, { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = path.join(dir, `.${name}.tmp`);
      await fs.writeFile(temp, data);
      await fs.rename(temp, path.join(dir, name));
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

export interface S3Settings extends S3Credentials {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 (MinIO, R2, …) */
  endpoint: string;
  bucket: string;
}

/** S3-compatible object storage (path-style addressing), for several stateless instances. */
export function s3Storage(settings: S3Settings): ImageStorage {
  const urlFor = (name: string) =>
    new URL(
      `${settings.endpoint.replace(/\/$/, '')}/${encodeURIComponent(settings.bucket)}/${encodeURIComponent(name)}`,
    );
  return {
    async put(name, data) {
      const url = urlFor(name);
      const headers = signS3Request('PUT', url, { 'content-type': 'image/webp' }, data, settings);
      const res = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(data) });
      if (!res.ok) throw new Error(`object storage refused the upload (HTTP ${res.status})`);
    },
    async get(name) {
      const url = urlFor(name);
      const res = await fetch(url, { headers: signS3Request('GET', url, {}, undefined, settings) });
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`object storage refused the download (HTTP ${res.status})`);
      return Buffer.from(await res.arrayBuffer());
    },
    async delete(name) {
      const url = urlFor(name);
      const headers = signS3Request('DELETE', url, {}, undefined, settings);
      const res = await fetch(url, { method: 'DELETE', headers });
      await res.body?.cancel();
      // S3 answers 204 whether or not the object was there; some compatible stores answer 404.
      if (!res.ok && res.status !== 404) {
        throw new Error(`object storage refused the deletion (HTTP ${res.status})`);
      }
    },
  };
}
