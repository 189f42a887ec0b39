import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded images live. Local disk by default (DATA_DIR/uploads). */
export interface ImageStorage {
  put(name: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such image. */
  get(name: string): Promise<Buffer | null>;
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
  };
}
