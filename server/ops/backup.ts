import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { checkSqliteFile, type DatabaseSummary, snapshotSqlite } from './sqlite-snapshot.ts';
import { type TarFile, tarStream } from './tar.ts';

/** Names inside an archive. Restore accepts these and nothing else. */
export const ARCHIVE = {
  manifest: 'manifest.json',
  database: 'redhope.sqlite',
  authSecret: '.auth-secret',
  uploadsFolder: 'uploads',
} as const;

/** An uploaded image's file name as storage makes them (`<uuid>.webp`): no dots in front, no slashes. */
export const UPLOAD_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*\.[a-z0-9]+$/;

const BACKUP_FILE = /^redhope-backup-\d{8}-\d{6}Z(-\d+)?\.tar\.gz$/;

/** What an archive holds, written last into it, checked by restore. */
export interface BackupManifest {
  format: 'redhope-backup';
  version: 1;
  createdAt: string;
  engine: 'sqlite' | 'postgres';
  /** The SQLite database; null for PostgreSQL, which pg_dump backs up. */
  database: (DatabaseSummary & { sha256: string; bytes: number }) | null;
  uploads: { storage: 'disk' | 's3'; files: number };
  authSecret: boolean;
}

export interface BackupOptions {
  dataDir: string;
  outDir: string;
  engine: 'sqlite' | 'postgres';
  /** Uploads are in object storage: the bucket keeps them, the archive does not. */
  uploadsInS3: boolean;
  now?: Date;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  /** Uploads listed but gone before their turn (deleted meanwhile, e.g. unused photos swept). */
  vanished: string[];
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')
    .replace('T', '-');

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Flushes a file (or a folder's entry list) to the disk, so a crash right after keeps it. */
async function fsyncPath(target: string) {
  const handle = await fs.promises.open(target, 'r');
  try {
    await handle.sync();
  } catch (error) {
    // Some systems cannot sync a folder; the file itself was synced already.
    if ((error as NodeJS.ErrnoException).code !== 'EISDIR') throw error;
  } finally {
    await handle.close();
  }
}

function freeName(outDir: string, now: Date): string {
  const base = `redhope-backup-${stamp(now)}`;
  for (let n = 1; ; n++) {
    const name = n === 1 ? `${base}.tar.gz` : `${base}-${n}.tar.gz`;
    if (!fs.existsSync(path.join(outDir, name))) return name;
  }
}

/**
 * Writes one archive (`redhope-backup-YYYYMMDD-HHMMSSZ.tar.gz`, mode 600) to `outDir`: a
 * consistent snapshot of the SQLite database taken while the server keeps serving, then the
 * uploaded images, the generated session secret and a manifest. The database goes first, so every
 * image a row in it names was stored before (uploads are written before their row). The archive
 * appears under its name only once complete and on disk.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { dataDir, outDir, engine, uploadsInS3, now = new Date() } = options;
  fs.mkdirSync(outDir, { recursive: true });
  const work = path.join(outDir, `.redhope-backup-${randomBytes(6).toString('hex')}`);
  fs.mkdirSync(work, { mode: 0o700 });
  const name = freeName(outDir, now);
  const partial = path.join(outDir, `.${name}.partial`);
  try {
    let database: BackupManifest['database'] = null;
    const snapshot = path.join(work, ARCHIVE.database);
    if (engine === 'sqlite') {
      const live = path.join(dataDir, ARCHIVE.database);
      if (!fs.existsSync(live)) {
        throw new Error(`There is no database at ${live}: is DATA_DIR right?`);
      }
      snapshotSqlite(live, snapshot);
      const summary = checkSqliteFile(snapshot);
      database = {
        ...summary,
        sha256: await sha256Of(snapshot),
        bytes: fs.statSync(snapshot).size,
      };
    }

    const uploadsDir = path.join(dataDir, ARCHIVE.uploadsFolder);
    // Storage writes `.<name>.tmp` first and renames: only finished images have their own name.
    const uploadNames =
      !uploadsInS3 && fs.existsSync(uploadsDir)
        ? fs
            .readdirSync(uploadsDir, { withFileTypes: true })
            .filter((entry) => entry.isFile() && UPLOAD_NAME.test(entry.name))
            .map((entry) => entry.name)
            .sort()
        : [];
    const secretFile = path.join(dataDir, ARCHIVE.authSecret);
    const manifest: BackupManifest = {
      format: 'redhope-backup',
      version: 1,
      createdAt: now.toISOString(),
      engine,
      database,
      uploads: { storage: uploadsInS3 ? 's3' : 'disk', files: 0 },
      authSecret: fs.existsSync(secretFile),
    };
    const vanished: string[] = [];
    const manifestFile = path.join(work, ARCHIVE.manifest);

    function* files(): Generator<TarFile> {
      if (database) yield { name: ARCHIVE.database, source: snapshot };
      if (manifest.authSecret) yield { name: ARCHIVE.authSecret, source: secretFile };
      for (const upload of uploadNames) {
        yield { name: `${ARCHIVE.uploadsFolder}/${upload}`, source: path.join(uploadsDir, upload) };
      }
      // Last, so it counts what was really archived.
      manifest.uploads.files = uploadNames.length - vanished.length;
      fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
      yield { name: ARCHIVE.manifest, source: manifestFile };
    }
    // Fast compression: the server keeps serving beside us, and images (WebP) do not shrink.
    await pipeline(
      Readable.from(tarStream(files(), (file) => vanished.push(file.name))),
      zlib.createGzip({ level: zlib.constants.Z_BEST_SPEED }),
      fs.createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    await fsyncPath(partial);
    const file = path.join(outDir, name);
    fs.renameSync(partial, file);
    await fsyncPath(outDir);
    return { file, bytes: fs.statSync(file).size, manifest, vanished };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Deletes all but the newest `keep` backups in `outDir` (by the time in their names). */
export function pruneBackups(outDir: string, keep: number): string[] {
  const backups = fs
    .readdirSync(outDir)
    .filter((name) => BACKUP_FILE.test(name))
    .sort()
    .reverse();
  const removed = backups.slice(keep);
  for (const name of removed) fs.rmSync(path.join(outDir, name));
  return removed;
}
