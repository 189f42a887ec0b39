import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { ARCHIVE, type BackupManifest, UPLOAD_NAME } from './backup.ts';
import { checkSqliteFile } from './sqlite-snapshot.ts';
import { type EntrySink, extractTar, TarFormatError } from './tar.ts';

/** A restore that was not done, for a reason the operator can act on (no stack trace needed). */
export class RestoreRefused extends Error {}

export interface RestoreResult {
  manifest: BackupManifest;
  dataDir: string;
  uploads: number;
}

/** What is in the way at `dir`: nothing when it does not exist or is an empty folder. */
function occupants(dir: string): string[] | null {
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return null;
  return fs.readdirSync(dir);
}

/** Where an archive entry may go inside the new data folder, or why it may not. */
function destinationOf(name: string): string {
  if (name === ARCHIVE.manifest || name === ARCHIVE.database || name === ARCHIVE.authSecret) {
    return name;
  }
  const [folder, file, ...rest] = name.split('/');
  if (folder === ARCHIVE.uploadsFolder && file && !rest.length && UPLOAD_NAME.test(file)) {
    return path.join(ARCHIVE.uploadsFolder, file);
  }
  throw new RestoreRefused(
    `The archive holds "${name}", which no RedHope backup has: it is not one of ours, or it was altered.`,
  );
}

function parseManifest(text: string): BackupManifest {
  const manifest = JSON.parse(text) as Partial<BackupManifest>;
  if (manifest.format !== 'redhope-backup' || manifest.version !== 1) {
    throw new RestoreRefused('The archive is not a RedHope backup this version can restore.');
  }
  return manifest as BackupManifest;
}

/**
 * Unpacks a backup made by `npm run backup` into `dataDir`, which must not exist or be an empty
 * folder: a restore never overwrites a data folder. Everything is unpacked beside it first and
 * checked (names, the database's checksum, PRAGMA integrity_check, the number of images against
 * the manifest); only then is the folder put in place, in one rename.
 */
export async function restoreBackup(archive: string, dataDir: string): Promise<RestoreResult> {
  const target = path.resolve(dataDir);
  if (!fs.existsSync(archive)) throw new RestoreRefused(`There is no file ${archive}.`);
  const present = occupants(target);
  if (present === null) throw new RestoreRefused(`${target} is a file, not a folder.`);
  if (present.length) {
    const shown = present.slice(0, 4).join(', ') + (present.length > 4 ? ', …' : '');
    throw new RestoreRefused(
      `${target} is not empty (it holds ${shown}). A restore never overwrites a data folder: ` +
        'stop the server, move that folder aside or point DATA_DIR at a new one, and run again.',
    );
  }

  fs.mkdirSync(path.dirname(target), { recursive: true });
  const staging = `${target}.restoring-${randomBytes(4).toString('hex')}`;
  fs.mkdirSync(staging, { mode: 0o700 });
  try {
    const seen = new Set<string>();
    const openFiles = new Set<fs.promises.FileHandle>();
    let databaseSha256 = '';
    let uploads = 0;
    const open = async (entry: { name: string }): Promise<EntrySink> => {
      const relative = destinationOf(entry.name);
      if (seen.has(relative)) {
        throw new RestoreRefused(`The archive holds "${entry.name}" twice: it was altered.`);
      }
      seen.add(relative);
      const file = path.join(staging, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const isUpload = relative.startsWith(`${ARCHIVE.uploadsFolder}${path.sep}`);
      if (isUpload) uploads += 1;
      const handle = await fs.promises.open(file, 'wx', isUpload ? 0o644 : 0o600);
      openFiles.add(handle);
      const hash = relative === ARCHIVE.database ? createHash('sha256') : null;
      return {
        async write(chunk) {
          hash?.update(chunk);
          await handle.write(chunk);
        },
        async end() {
          await handle.sync();
          await handle.close();
          openFiles.delete(handle);
          if (hash) databaseSha256 = hash.digest('hex');
        },
      };
    };
    // The reader's own error, when it has one: the pipeline may report only the abort it caused.
    let readerError: unknown;
    try {
      await pipeline(fs.createReadStream(archive), zlib.createGunzip(), async (source) => {
        await extractTar(source, open).catch((error: unknown) => {
          readerError = error;
          throw error;
        });
      });
    } catch (caught) {
      for (const handle of openFiles) await handle.close();
      const error = readerError ?? caught;
      if (error instanceof RestoreRefused) throw error;
      if (error instanceof TarFormatError) throw new RestoreRefused(error.message);
      if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
        throw new RestoreRefused('The archive is damaged or incomplete (it does not decompress).');
      }
      throw error;
    }

    const manifestFile = path.join(staging, ARCHIVE.manifest);
    if (!fs.existsSync(manifestFile)) {
      throw new RestoreRefused('The archive has no manifest: it is incomplete or not one of ours.');
    }
    const manifest = parseManifest(fs.readFileSync(manifestFile, 'utf8'));
    fs.rmSync(manifestFile); // it describes the archive, not the data folder
    if (manifest.database) {
      const database = path.join(staging, ARCHIVE.database);
      if (!fs.existsSync(database) || databaseSha256 !== manifest.database.sha256) {
        throw new RestoreRefused('The database in the archive is not the one it was made with.');
      }
      const summary = checkSqliteFile(database);
      if (summary.migrations.join() !== manifest.database.migrations.join()) {
        throw new RestoreRefused('The database in the archive does not match its manifest.');
      }
    }
    if (uploads !== manifest.uploads.files) {
      throw new RestoreRefused(
        `The archive should hold ${manifest.uploads.files} images but holds ${uploads}.`,
      );
    }

    // Nothing may have appeared meanwhile; then the checked folder takes the data folder's place.
    if (occupants(target)?.length) {
      throw new RestoreRefused(`${target} was written to during the restore; nothing was changed.`);
    }
    if (fs.existsSync(target)) fs.rmdirSync(target);
    fs.renameSync(staging, target);
    return { manifest, dataDir: target, uploads };
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
